"""``{% hexal_figure "scoring" %}``: a picture of the Hexal rules page (games/hexal/pictures.py)."""
from django import template
from django.utils.safestring import mark_safe

from games.hexal.pictures import figure

register = template.Library()


@register.simple_tag
def hexal_figure(name: str) -> str:
    """The SVG of figure ``name`` (its text comes from pictures.py alone, so it is safe as is)."""
    return mark_safe(figure(name))  # noqa: S308 - built from the module's own constants
