"""``{% hexal_figure "scoring" %}``: a picture of the Hexal rules page (games/hexal/pictures.py)."""
from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from games.hexal.pictures import figure

register = template.Library()


@register.simple_tag
def hexal_figure(name: str) -> str:
    """The SVG of figure ``name`` in the page's language (its text comes from pictures.py, its
    words translated and escaped there, so it is safe as is)."""
    return mark_safe(figure(name, gettext))  # noqa: S308 - built from the module's own constants
