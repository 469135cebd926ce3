from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import include, path

from rules_content import views as rules_content_views


def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers and docker-compose: answers 200 when the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("healthz", healthz),
    path("sitemap.xml", rules_content_views.sitemap),
    path("i18n/", include("django.conf.urls.i18n")),
    path("karten/", include("rules_content.card_urls")),
]
urlpatterns += i18n_patterns(
    path("admin/", admin.site.urls),
    path("", include("rules_content.urls")),
    path("", include("rooms.urls")),
    path("", include("accounts.urls")),
)
