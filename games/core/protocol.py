"""The engine protocol every game implements (see DESIGN.md, "Engine protocol").

States are frozen data; `apply` returns a new state and never touches its input. Actions and
views are small JSON dicts. Events are JSON dicts too:

    {"code": "revealed", "seat": 2, "data": {...}, "to": [2] | None}

`"to"` lists the seats that may see the event; `None` means everyone. `visible_events` filters.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from games.core.rng import Rng

JSON = dict[str, Any]
Event = dict[str, Any]


class Engine(Protocol):
    key: str
    seats: int

    def new_game(self, seed: int, seats: int, deal: JSON | None = None, **options: Any) -> Any:
        """A new deal, deterministic for `seed`; `deal` fixes the cards (hands, stock) for tests."""

    def actors(self, state: Any) -> frozenset[int]:
        """Seats that may act now (several in simultaneous phases and claim windows); empty when over."""

    def public_actors(self, state: Any) -> frozenset[int]:
        """Optional: the actors everyone may know of. Without it, all actors are public; a game with
        hidden claims (Chắn's claim windows) names only the seat whose turn it visibly is."""

    def legal_actions(self, state: Any, seat: int) -> list[JSON]:
        """Every legal action of `seat`, in a deterministic order; empty where the set is not listable."""

    def apply(self, state: Any, seat: int, action: JSON) -> tuple[Any, list[Event]]:
        """The new state and its events; raises `IllegalAction` and leaves `state` untouched."""

    def view(self, state: Any, seat: int | None) -> JSON:
        """JSON-safe: only what `seat` may know (`None`: what everyone may know)."""

    def outcome(self, state: Any) -> JSON | None:
        """None while the deal runs; then `{"scores": [per seat], ...}` and game-specific details."""

    def opening_events(self, state: Any) -> list[Event]:
        """The events of `new_game` itself (deal, antes, an instant end), which it does not return."""

    def next_options(self, outcome: JSON) -> JSON:
        """Options for `new_game` of a room's next deal after this outcome (e.g. the next dealer)."""

    def dump(self, state: Any) -> JSON: ...

    def load(self, data: JSON) -> Any: ...

    # Hooks used by the conformance checker and the property tests.
    def random_action(self, state: Any, seat: int, rng: Rng) -> JSON:
        """A uniformly chosen legal action, also where `legal_actions` cannot list them."""

    def check_invariants(self, state: Any) -> None:
        """Raise AssertionError when cards or chips are not conserved."""

    def shuffle_hidden(self, state: Any, seat: int, rng: Rng) -> Any:
        """The state with every card `seat` cannot see permuted among the places it cannot see."""


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see (`None`: only public events)."""
    return [e for e in events if e.get("to") is None or (seat is not None and seat in e["to"])]
