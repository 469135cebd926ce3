"""The site's URLs and one view that fails, for the headers of the server error page."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from cardavia.urls import urlpatterns as site


def fail(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


urlpatterns = [*site, path("fehler/", fail)]
