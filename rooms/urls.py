from django.urls import path

from rooms import views

app_name = "rooms"
urlpatterns = [
    path("tisch/<str:game>/solo/", views.play_solo, name="play_solo"),
    path("raum/neu/<str:game>/", views.new_room, name="new_room"),
    path("raum/<str:token>/", views.room_page, name="room"),
    path("raum/<str:token>/beitreten/", views.join, name="join"),
    path("raum/<str:token>/platz/<str:change>/", views.seat_change, name="seat_change"),
    path("raum/<str:token>/zug/", views.act, name="act"),
    path("raum/<str:token>/entwurf/", views.draft, name="draft"),
    path("raum/<str:token>/weiter/", views.next_deal, name="next_deal"),
    path("raum/<str:token>/chat/", views.write_chat, name="chat"),
    path("meine-raeume/", views.my_rooms, name="my_rooms"),
]
