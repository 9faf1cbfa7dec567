"""The analysis after a game in headless Chromium (issue 30, points 3 and 5: "a browser test
opens an analysed replay and steps to a marked mistake"). A finished Hextopia match against
bots; its player asks for the analysis on the replay page, the live site's worker makes it
(the e2e site's budget: 4 s), the page shows its progress then its summary, and a click on
the costliest decision shows that step with its mark, in the log too. Screenshots:
``artifacts/e2e/analysis-<width>.png``.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from gameplatform.bots.models import Analysis
from gameplatform.bots.services import match_play_out
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.shortcuts import match_play_bots_now
from gameplatform.tenants.selectors import tenant_default

from .test_games_help import page_for, people, shot

pytestmark = pytest.mark.browser


def finished_against_bots(user) -> Match:
    """A Hextopia match of ``user`` (seat 0) and bots, played to its end; seat 0's moves are
    recorded as the person's own (a random bot chose them: a beginner, who gives the analysis
    something to say)."""
    match = match_play_bots_now(tenant=tenant_default(), user=user, game="hextopia")
    Seat.objects.filter(match=match, index=0).update(user=None, bot_kind="random")
    match_play_out(match_id=match.pk, max_actions=5000)
    Seat.objects.filter(match=match, index=0).update(user=user, bot_kind="")
    MoveRecord.objects.filter(match=match, seat=0).update(actor=MoveRecord.Actor.USER)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match


@pytest.mark.parametrize("width,height", [(1280, 800), (1366, 768), (360, 740)])
def test_ask_for_the_analysis_watch_it_and_step_to_a_marked_mistake(browser, live_site, width, height):
    (alice,) = people(1)
    match = finished_against_bots(alice)
    context, page = page_for(browser, live_site, alice, width, height)
    page.goto(f"{live_site.url}/matches/{match.pk}/replay/")
    panel = page.locator("#analysis-panel")
    expect(panel).to_be_visible()
    if width < 500:  # a phone: one line under the banner until tapped
        expect(panel).not_to_have_attribute("open", "")
        panel.locator("summary").click()
    expect(panel).to_have_attribute("open", "")
    page.get_by_role("button", name="Analyse my decisions").click()
    # Running (with its progress), unless a loaded machine answered the POST after the work was
    # done: then straight to the summary.
    expect(panel).to_have_attribute("data-state", re.compile(r"^(running|done)$"), timeout=30_000)
    if panel.get_attribute("data-state") == "running":
        expect(page.locator("#analysis-status")).to_contain_text("…")
    expect(panel).to_have_attribute("data-state", "done", timeout=60_000)
    expect(page.locator("#analysis-counts")).to_contain_text("decisions looked at")
    analysis = Analysis.objects.get(match=match, seat=0)
    assert analysis.status == "done" and analysis.seconds <= 4 + 2
    result = analysis.result
    assert result["costliest"], "the bot found no decision to differ on"
    # Marks come from the play-outs; where none reached a threshold, the costliest decision is
    # marked here, so the page's part is shown whatever the dice said.
    costliest = result["costliest"][0]
    if not any(row["mark"] for row in result["decisions"]):
        for row in result["decisions"]:
            if row["step"] == costliest:
                row["mark"] = "mistake"
        Analysis.objects.filter(pk=analysis.pk).update(result=result)
        page.reload()
        expect(panel).to_have_attribute("data-state", "done")
        if width < 500:
            panel.locator("summary").click()
    marked = next(row for row in result["decisions"] if row["step"] == costliest)
    page.locator(f"#analysis-costliest button[data-step='{costliest}']").click()
    expect(page.locator("#rp-step")).to_contain_text(f"Step {costliest} of")
    expect(page.locator("#analysis-step")).to_contain_text("The bot would have played")
    if marked["mark"]:
        expect(page.locator("#analysis-step .analysis-mark")).to_have_text(marked["mark"])
        line = page.locator(f"#move-log li[data-step='{costliest}']")
        expect(line).to_have_attribute("data-mark", marked["mark"])
        expect(line).to_have_class("current")
    # The board shows the player's own view (the analysis switched "View as" to their seat).
    expect(page.locator("#rp-view-as")).to_have_value("0")
    shot(page, f"analysis-{width}", width)
    assert page.js_errors == []
    context.close()


def test_the_panel_is_only_for_the_matchs_players(browser, live_site):
    alice, bob = people(2)
    match = finished_against_bots(alice)
    context, page = page_for(browser, live_site, bob, 1280, 800)
    page.goto(f"{live_site.url}/matches/{match.pk}/replay/")
    expect(page.locator("#rp-step")).to_contain_text("Step")
    expect(page.locator("#analysis-panel")).to_have_count(0)
    context.close()


@pytest.mark.parametrize("game,types,words", [
    ("hexfolk", {"build_road", "build_settlement", "build_city", "move_robber"}, ("Build a", "Upgrade to a city", "Move the robber")),
    ("hexcrement", {"move", "roll"}, ("Move to", "Roll the dice")),
    ("hexal", {"place", "target", "take_back", "discard"}, ("Place the", "Target the", "Take back", "Discard the")),
    ("hexboard-words", {"match", "steal"}, ("Put the letter", "Steal ")),
])
def test_the_bots_choice_is_told_in_the_games_own_words(browser, live_site, monkeypatch, settings, game, types, words):
    """The game's replay module words the bot's choice (its `actionWords`), not the action's fields."""
    from gameplatform.bots import analysis as service

    (alice,) = people(1)
    match = match_play_bots_now(tenant=tenant_default(), user=alice, game=game)
    Seat.objects.filter(match=match, index=0).update(user=None, bot_kind="random")
    match_play_out(match_id=match.pk, max_actions=5000)
    Seat.objects.filter(match=match, index=0).update(user=alice, bot_kind="")
    MoveRecord.objects.filter(match=match, seat=0).update(actor=MoveRecord.Actor.USER)
    settings.ANALYSIS_BUDGET_SECONDS, settings.ANALYSIS_SLICE_SECONDS = 3.0, 3.0
    sent = []
    monkeypatch.setattr(service, "task_send", lambda name, args, countdown=None: sent.append(args[0]))
    service.analysis_request(tenant=match.tenant, user=alice, match_id=match.pk)
    while sent:
        service.analysis_slice(sent.pop(0))
    rows = Analysis.objects.get(match=match, seat=0).result["decisions"]
    # A loaded machine may value few decisions in the budget; an unvalued one words the bot's
    # choice too ("The bot's choice here: ..."), so either kind shows the game's words.
    row = max((r for r in rows if not r["same"] and r["bot"]["type"] in types), key=lambda r: bool(r["playouts"]))
    context, page = page_for(browser, live_site, alice, 1280, 800)
    page.goto(f"{live_site.url}/matches/{match.pk}/replay/")
    expect(page.locator("#analysis-panel")).to_have_attribute("data-state", "done")
    page.evaluate(f"window.hexagora.replay.show({row['step']})")
    told = page.locator("#analysis-step")
    expect(told).to_contain_text("The bot would have played" if row["playouts"] else "The bot's choice here")
    # Worded once the step's view is here (the game's words may need its board).
    expect(told).to_contain_text(re.compile("|".join(re.escape(w) for w in words)))
    assert " · " not in told.inner_text()  # not the fields' fallback ("move · cell 149")
    assert page.js_errors == []
    context.close()
