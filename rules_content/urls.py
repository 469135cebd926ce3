from django.urls import path

from rules_content import views

app_name = "rules_content"
urlpatterns = [
    path("", views.home, name="home"),
    path("spiele/<slug:slug>/", views.game_page, name="game"),
    path("traditionen/", views.traditions, name="traditions"),
    path("traditionen/<slug:slug>/", views.tradition, name="tradition"),
    # Under i18n_patterns this is /de/sitemap.xml and /en/sitemap.xml (both list every page in both
    # languages); /sitemap.xml redirects there through LocaleMiddleware. The root URL belongs in
    # cardavia/urls.py: path("sitemap.xml", rules_content.views.sitemap).
    path("sitemap.xml", views.sitemap, name="sitemap"),
]
