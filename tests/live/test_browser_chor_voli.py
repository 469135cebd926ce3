"""A whole Chor Voli round played through the page in Chromium, by mouse and by keyboard."""

from __future__ import annotations

import re

import pytest

from tests.helpers import deal_until_arranging, disjoint_groups

pytestmark = pytest.mark.browser


def test_a_newcomer_plays_a_whole_round_from_the_home_page(embedded_site, browser, artifacts):
    page = browser.new_page(viewport={"width": 1360, "height": 1000}, locale="de-DE")
    page.goto(embedded_site.url + "/de/")
    page.get_by_role("button", name="Chor Voli allein gegen drei Computer spielen").click()
    page.wait_for_selector("#table")
    deal_until_arranging(page)

    hand = [name.removeprefix("card-") for name in
            page.locator("select[name^=card-]").evaluate_all("els => els.map(e => e.name)")]
    assert len(hand) == 13
    first, second = disjoint_groups(hand)

    # An invalid draft is explained before confirming, and the confirm button stays disabled.
    page.locator(f"#choice-{hand[0]}").select_option("3")
    page.wait_for_selector(".draft-group.group-3.is-invalid")
    assert "genau drei Karten" in page.locator(".draft-group.group-3 .problem").inner_text()
    assert page.get_by_role("button", name="Anordnung bestätigen").is_disabled()
    page.locator(f"#choice-{hand[0]}").select_option("x")
    page.wait_for_selector(".draft-group.group-3:not(.is-invalid)")

    for card in first:  # by mouse: one click moves a discarded card into group 1
        page.locator(f"#cycle-{card}").click()
        page.wait_for_selector(f".hand-card.group-1 #choice-{card}")
    for card in second:  # by keyboard: the card's own list
        page.locator(f"#choice-{card}").focus()
        page.locator(f"#choice-{card}").select_option("2")
        page.wait_for_selector(f".hand-card.group-2 #choice-{card}")
    page.wait_for_selector(".draft-group.group-1.is-valid")
    page.wait_for_selector(".draft-group.group-2.is-valid")

    page.get_by_role("button", name="Anordnung bestätigen").click()
    page.wait_for_selector("#table[data-phase=over]")
    page.wait_for_timeout(4000)  # let the comparisons appear one after another
    page.screenshot(path=artifacts / "chor_voli_round_over.png", full_page=True)
    assert page.locator(".comparison").count() >= 2
    assert "Runde vorbei" in page.locator("#announce").inner_text()

    page.reload()  # the same browser gets its seat and the finished round back
    page.wait_for_selector("#table[data-phase=over]")
    number = int(page.locator("#table").get_attribute("data-deal"))
    page.get_by_role("button", name="Nächste Runde").click()
    page.wait_for_selector(f"text=Runde {number + 1}")
    page.screenshot(path=artifacts / "chor_voli_round_2.png", full_page=True)


class HeldSocket:
    """The page's table socket through Playwright, whose frames to the page can be held back and let through
    one at a time: the order in which a loaded server's answers reach the page, made to happen."""

    def __init__(self, page) -> None:
        self.page, self.holding, self.held, self.route, self.server = page, False, [], None, None
        self.losing = False  # the page's frames to the server are lost (a server that died without a word)
        page.route_web_socket(re.compile(r"/ws/raum/"), self.connect)

    def connect(self, route) -> None:
        server = route.connect_to_server()
        self.route, self.server = route, server
        server.on_message(lambda message: self.held.append(message) if self.holding else route.send(message))
        route.on_message(lambda message: None if self.losing else server.send(message))

    def restart(self) -> None:
        """Both ends closed as a restarting server closes them: the page connects again."""
        self.losing = False
        self.server.close()
        self.route.close(code=1012)

    def wait_for(self, frames: int) -> None:
        for _ in range(600):
            if len(self.held) >= frames:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{len(self.held)} frames came, not {frames}")

    def let_through(self, frames: int | None = None) -> None:
        """The first `frames` held frames (all of them, and hold no more, when None), in their order."""
        count = len(self.held) if frames is None else frames
        for message in self.held[:count]:
            self.route.send(message)
        del self.held[:count]
        if frames is None:
            self.holding = False


def arranging_through_held_socket(site, browser):
    """A solo Chor Voli table at its arrangement, its socket through a `HeldSocket`."""
    page = browser.new_page(viewport={"width": 1360, "height": 1000}, locale="de-DE")
    socket = HeldSocket(page)
    page.goto(site.url + "/de/")
    page.get_by_role("button", name="Chor Voli allein gegen drei Computer spielen").click()
    page.wait_for_selector("#table")
    deal_until_arranging(page)
    return page, socket


def test_a_choice_made_before_the_reconnected_table_came_is_kept(embedded_site, browser):
    """A page whose socket (re)opens is sent its whole table, read before the choices the page sends from then
    on reach the server; the page may be used as soon as its socket is open (CI: test_browser_rooms, where a
    restart put Alice's first choices back, and her next choice's form then carried them undone). The table is
    applied without the seat's own parts, which the answer to the newest draft brings."""
    page, socket = arranging_through_held_socket(embedded_site, browser)
    hand = [name.removeprefix("card-") for name in
            page.locator("select[name^=card-]").evaluate_all("els => els.map(e => e.name)")]
    first, second, third = disjoint_groups(hand)[0]

    socket.holding = True
    page.reload()
    socket.wait_for(1)  # the whole table, held back: the page has the one its HTML brought
    page.locator(f"#choice-{first}").select_option("1")
    socket.wait_for(2)  # and the answer to that choice
    page.evaluate("document.getElementById('table').dataset.before = 'table'")
    socket.let_through(1)
    page.wait_for_selector("#table:not([data-before])")
    page.locator(f"#choice-{second}").select_option("1")
    page.locator(f"#choice-{third}").select_option("1")
    socket.let_through()
    page.wait_for_selector(f"#draft-group-1 .draft-card[data-card='{third}']")
    assert [page.locator(f"#choice-{card}").input_value() for card in (first, second, third)] == ["1", "1", "1"]
    page.wait_for_selector("#draft-group-1.is-valid")
    page.get_by_role("button", name="Anordnung bestätigen").click()
    page.wait_for_selector("#confirm-arrangement", state="detached")


def test_a_choice_lost_with_its_socket_is_sent_again_with_the_table(embedded_site, browser):
    """A draft sent just before the server died never reached it: the table the page is sent on reconnecting
    shows the saved draft without that choice. The page keeps its hand and sends its choices again."""
    page, socket = arranging_through_held_socket(embedded_site, browser)
    card = page.locator("select[name^=card-]").first.get_attribute("name").removeprefix("card-")

    socket.losing = True
    page.locator(f"#choice-{card}").select_option("1")
    page.wait_for_timeout(500)  # what the page sent is gone
    page.evaluate("document.getElementById('table').dataset.before = 'restart'")
    socket.restart()
    page.wait_for_selector("#table:not([data-before])")
    page.wait_for_selector(f"#draft-group-1 .draft-card[data-card='{card}']")  # the server's groups have it
    assert page.locator(f"#choice-{card}").input_value() == "1"
