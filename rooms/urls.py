from django.urls import path

from rooms import replays, views

app_name = "rooms"
urlpatterns = [
    path("tisch/<str:game>/solo/", views.play_solo, name="play_solo"),
    path("raum/neu/<str:game>/", views.new_room, name="new_room"),
    path("raum/<str:token>/", views.room_page, name="room"),
    path("raum/<str:token>/beitreten/", views.join, name="join"),
    path("raum/<str:token>/platz/<str:change>/", views.seat_change, name="seat_change"),
    path("raum/<str:token>/zug/", views.act, name="act"),
    path("raum/<str:token>/entwurf/", views.draft, name="draft"),
    path("raum/<str:token>/tipp/", views.hint, name="hint"),
    path("raum/<str:token>/weiter/", views.next_deal, name="next_deal"),
    path("raum/<str:token>/chat/", views.write_chat, name="chat"),
    path("meine-raeume/", views.my_rooms, name="my_rooms"),
    # Finished deals again (rooms/replays.py): the room's people by the room's URL, others by a shared link.
    path("raum/<str:token>/partien/", replays.room_deals, name="deals"),
    path("raum/<str:token>/partien/<int:number>/", replays.replay, name="replay"),
    path("raum/<str:token>/partien/<int:number>/mischung/", replays.shuffle_check, name="shuffle_check"),
    path("raum/<str:token>/partien/<int:number>/partie.json", replays.deal_json, name="deal_json"),
    path("raum/<str:token>/partien/<int:number>/teilen/", replays.share, name="share_deal"),
    path("partie/<str:key>/", replays.shared_replay, name="shared_replay"),
    path("partie/<str:key>/mischung/", replays.shared_check, name="shared_check"),
    path("partie/<str:key>/partie.json", replays.shared_json, name="shared_json"),
]
