"""/games/keyboard/: playing without a mouse or a screen (issue 31, point 5), public like the
rules pages: the keys every table shares, then each game's own (its ``GameUI.keys_template``)."""
from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.registry import all_engines


@require_GET
def keyboard_help(request):
    """The page: ``games`` = ``[(engine, keys template or None)]`` in the registry's order."""
    games = [(engine, engine.ui.keys_template) for engine in all_engines()]
    return render(request, "matches/keyboard_help.html", {"games": games})
