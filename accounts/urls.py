from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from accounts import views

app_name = "accounts"
T = "accounts/"
urlpatterns = [
    path("konto/", views.profile, name="profile"),
    path("konto/registrieren/", views.signup, name="signup"),
    path("konto/anmelden/", auth_views.LoginView.as_view(template_name=T + "login.html"), name="login"),
    path("konto/abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    path("konto/passwort/aendern/", auth_views.PasswordChangeView.as_view(
        template_name=T + "password_change.html", success_url=reverse_lazy("accounts:password_change_done")),
        name="password_change"),
    path("konto/passwort/geaendert/", auth_views.PasswordChangeDoneView.as_view(
        template_name=T + "password_change_done.html"), name="password_change_done"),
    path("konto/passwort/vergessen/", auth_views.PasswordResetView.as_view(
        template_name=T + "password_reset.html", email_template_name=T + "password_reset_email.txt",
        subject_template_name=T + "password_reset_subject.txt",
        success_url=reverse_lazy("accounts:password_reset_done")),
        name="password_reset"),
    path("konto/passwort/gesendet/", auth_views.PasswordResetDoneView.as_view(
        template_name=T + "password_reset_done.html"), name="password_reset_done"),
    path("konto/passwort/neu/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(
        template_name=T + "password_reset_confirm.html", success_url=reverse_lazy("accounts:password_reset_complete")),
        name="password_reset_confirm"),
    path("konto/passwort/fertig/", auth_views.PasswordResetCompleteView.as_view(
        template_name=T + "password_reset_complete.html"), name="password_reset_complete"),
    path("spieler/<int:pk>/", views.player, name="player"),
    path("rangliste/", views.leaderboards, name="leaderboards"),
    path("rangliste/<slug:slug>/", views.leaderboard, name="leaderboard"),
    path("rangliste/<slug:slug>/30-tage/", views.leaderboard, {"recent": True}, name="leaderboard_recent"),
]
