from django.urls import path

from rules_content import views

urlpatterns = [path("<str:deck>/<str:code>.svg", views.card_svg, name="card_svg")]
