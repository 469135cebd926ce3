from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Marks an English message template for translation and returns it unchanged.

    The name is the point: Django's `makemessages` collects every `gettext_noop("...")` call, so
    the engines' messages land in the site's catalogues although `games/` never imports Django.
    """
    return message


class IllegalAction(ValueError):
    """The action is not allowed for this seat in this state.

    `template` is an English message marked with `gettext_noop`, e.g. "Group {group} is a pair.";
    `params` fill it in; `code` is a stable key for tests and logs. `str(exc)` is the English text;
    the site shows `gettext(exc.template).format(**exc.params)` in the reader's language.
    """

    def __init__(self, template: str, code: str = "illegal", **params: object) -> None:
        self.template = template
        self.code = code
        self.params = params
        super().__init__(template, code)

    def __str__(self) -> str:
        # Formatted when read, not when raised: the legality checks build many refusals they only
        # test against None (Chắn's legal discards and melds).
        return self.template.format(**self.params)
