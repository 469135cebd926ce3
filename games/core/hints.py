"""A "Tipp": what the strongest computer would do for a seat, and why, in one sentence.

Each game's `bots.hint(view, legal_actions, rng) -> Hint` decides with its Meister level on the
seat's own view only (a hint can never reveal more than the seat sees). `template` is an English
sentence marked with `gettext_noop` ("Your partner wins the trick – pass."), `params` fill its
`{name}` fields; the site shows `gettext(template).format(**params)` in the reader's language, as
it does for `IllegalAction`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.protocol import JSON


@dataclass(frozen=True)
class Hint:
    action: JSON  # one of the legal actions, exactly as given
    template: str
    params: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.template.format(**self.params)
