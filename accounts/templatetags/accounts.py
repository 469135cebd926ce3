from django import template
from django.utils.translation import ngettext

register = template.Library()


@register.filter
def net(value: int) -> str:
    """A net total as players read it: +3, -2, and 0 without a sign."""
    return f"{value:+d}" if value else "0"


@register.filter
def amount(value: int, game: str) -> str:
    """A net total with its unit: Chor Voli settles in chips, Dou Dizhu and Chắn in points."""
    if game == "chor_voli":
        text = ngettext("{net} chip", "{net} chips", abs(value))
    else:
        text = ngettext("{net} point", "{net} points", abs(value))
    return text.format(net=net(value))
