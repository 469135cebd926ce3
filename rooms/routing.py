from django.urls import path

from rooms.consumers import TableConsumer

websocket_urlpatterns = [path("ws/raum/<str:token>/", TableConsumer.as_asgi())]
