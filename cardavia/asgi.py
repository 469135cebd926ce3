"""HTTP and websockets in one ASGI app; websockets only from allowed origins, with the session."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardavia.settings")
http_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs the apps loaded above)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from cardavia import collector  # noqa: E402
from rooms.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": http_application,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

collector.settle()  # the site is loaded: what exists now lives as long as the process
