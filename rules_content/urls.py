from django.urls import path

from rules_content import views

app_name = "rules_content"
urlpatterns = [
    path("", views.home, name="home"),
    path("spiele/<slug:slug>/", views.game_page, name="game"),
]
