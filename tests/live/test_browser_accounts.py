"""An account in Chromium: sign up, play a Chor Voli round, find the net chips on the leaderboard;
a moderator renames the player in the admin and the leaderboard shows the new name at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.utils import translation

from accounts.templatetags.accounts import amount
from tests.helpers import arrange_two_groups
from tests.live.conftest import Site, base_env

pytestmark = pytest.mark.browser
PASSWORD = "Karten-spielen-2024"


def chips(value: int) -> str:
    """A Chor Voli net as the German pages show it: "+3 Chips", "-1 Chip", "0 Chips"."""
    with translation.override("de"):
        return amount(value, "chor_voli")


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """The embedded default with a leaderboard that lists from one settled deal on."""
    site = Site(base_env(CARDAVIA_SQLITE_PATH=str(tmp_path / "site.sqlite3"), CARDAVIA_LEADERBOARD_MIN_DEALS="1"),
                tmp_path)
    site.manage("migrate", "--noinput")
    site.start_web()
    yield site
    site.stop()


def play_a_round(page) -> None:
    page.get_by_role("button", name="Chor Voli allein gegen drei Computer spielen").click()
    page.wait_for_selector("#table")
    if page.locator("#table[data-phase=over]").count():  # four of a kind: that round is settled already
        return
    arrange_two_groups(page)
    page.get_by_role("button", name="Anordnung bestätigen").click()
    page.wait_for_selector("#table[data-phase=over]")


def test_sign_up_play_a_round_and_find_the_net_chips_on_the_leaderboard(site, browser, artifacts):
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="de-DE")
    page.goto(site.url + "/de/")
    page.locator(".site-header").get_by_role("link", name="Anmelden").click()
    page.get_by_role("main").get_by_role("link", name="Registrieren").click()
    page.get_by_label("Benutzername").fill("karla")
    page.get_by_label("Anzeigename").fill("Karla K.")
    page.get_by_label("E-Mail-Adresse").fill("karla@example.org")
    page.locator("#id_password1").fill(PASSWORD)
    page.get_by_label("Passwort bestätigen").fill(PASSWORD)
    page.screenshot(path=artifacts / "accounts_signup.png", full_page=True)
    page.get_by_role("button", name="Mein Konto anlegen").click()
    page.wait_for_selector("text=Willkommen, Karla K.!")
    assert page.locator(".site-header .account-link").inner_text() == "Karla K."

    page.goto(site.url + "/de/")
    play_a_round(page)
    mine = page.locator(".standings tbody tr", has_text="Du").locator("td").inner_text().strip()
    net = int(mine.replace("−", "-"))
    page.screenshot(path=artifacts / "accounts_round_over.png", full_page=True)

    page.locator(".site-header").get_by_role("link", name="Ranglisten").click()
    row = page.locator(".board-card", has_text="Chor Voli").locator("tr.is-me")
    assert "Karla K." in row.inner_text()
    assert chips(net) in row.inner_text()
    page.screenshot(path=artifacts / "accounts_leaderboards.png", full_page=True)

    page.locator(".site-header .account-link").click()
    assert chips(net) in page.locator("td[data-game=chor_voli]").inner_text()
    page.screenshot(path=artifacts / "accounts_profile.png", full_page=True)

    # A moderator renames Karla in the admin, giving a reason; the leaderboard shows it at once.
    site.manage("shell", "-c", "from django.contrib.auth.models import User; "
                "User.objects.create_superuser('mod', 'mod@example.org', 'Moderation-123')")
    admin = browser.new_page(viewport={"width": 1280, "height": 900}, locale="de-DE")
    admin.goto(site.url + "/de/admin/accounts/profile/")
    admin.locator("#id_username").fill("mod")
    admin.locator("#id_password").fill("Moderation-123")
    admin.locator("input[type=submit]").click()
    admin.get_by_role("link", name="Karla K.").click()
    admin.locator("#id_display_name").fill("Spielerin 1")
    admin.locator("#id_reason").fill("Name auf Wunsch geändert")
    admin.screenshot(path=artifacts / "accounts_admin_rename.png", full_page=True)
    admin.locator("input[name=_save]").click()
    admin.goto(site.url + "/de/admin/accounts/auditlog/")
    assert "Name auf Wunsch geändert" in admin.locator("#result_list").inner_text()
    admin.screenshot(path=artifacts / "accounts_admin_auditlog.png", full_page=True)

    page.goto(site.url + "/de/rangliste/chor-voli/")
    assert "Spielerin 1" in page.locator("tr.is-me").inner_text()
