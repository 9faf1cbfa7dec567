"""The players of tests/e2e/test_phone_play.py, one per game: the game's shortest setting for
two seats, how near its end the match starts, which moves are choices on the board, and how a
move is made with taps on the board and the page's buttons only (``move``: the game's
strongest or quickest bot chooses for seat 0 on the engine, the page is tapped to play it; a
move the page offers no tap for in this test, a trade, a development card, a steal, becomes
the nearest plain move, so the match still goes to its end).
"""
from __future__ import annotations

from games import registry

from .phone import Board, same, tap_and_wait


def bot_choice(engine, state, kind: str, rng) -> dict:
    bot = engine.bots()[kind]()
    action = bot.choose(engine.view(state, 0), engine.legal_actions(state, 0), rng)
    return action if action is not None else engine.timeout_action(state, 0)


def pressed(locator) -> bool:
    return locator.get_attribute("aria-pressed") == "true"


class Game:
    slug = ""
    options: dict = {}
    bot = ""  # the server's bot in seat 1
    mine = ""  # the bot choosing seat 0's moves here
    seed = 7
    choices_ahead = 5  # board choices of seat 0 still to come where the match starts
    sels: list[str] = []

    def sim_bot(self):
        return registry.get_engine(self.slug).bots()[self.mine]()

    def board_choices(self, action: dict) -> int:
        return 0

    def move(self, page, board: Board, engine, state, rng) -> None:
        raise NotImplementedError


class Hextopia(Game):
    """No shorter variant: 2 seats, the match starting a few of seat 0's plays before the end.
    A play: the card, then its ringed destination (a move of the list when the ring stands for
    several pieces that are not all at HOME)."""

    slug, bot, mine = "hextopia", "heuristic", "heuristic"
    sels = ["#board [data-target]"]

    def board_choices(self, action):
        return int(action["type"] == "play")

    def move(self, page, board, engine, state, rng):
        action = bot_choice(engine, state, self.mine, rng)
        if action["type"] == "sit_out":
            tap_and_wait(page.locator("#hand-actions button").filter(has_text="Sit out"), page)
            return
        card = page.locator(f"#hand button[data-card='{action['card']}']").first
        if not pressed(card):
            card.tap()
        if action["type"] == "discard":
            tap_and_wait(page.locator("#hand-actions button").filter(has_text="Discard"), page)
            return
        moves = engine.view(state, 0)["moves"]
        i = next(k for k, m in enumerate(moves) if same(m["action"], action))
        rings = page.locator("#board [data-target]").evaluate_all("(ns) => ns.map((n) => n.dataset.target)")
        ring = next(r for r in rings if str(i) in r.split(","))
        ids = [int(k) for k in ring.split(",")]
        if len(ids) == 1 or all(moves[k]["from"]["where"] == "home" for k in ids):
            board.tap(f"#board [data-target='{ring}']")
        else:  # the ring stands for several pieces: the move from the list under the hand
            board.check()
            tap_and_wait(page.locator("#move-choices button").filter(has_text=moves[i]["label"].split(": ", 1)[-1]).first, page)


class Hexcrement(Game):
    """The quick game (home with any dung). The roll is a button; the end cell, a card MORPH,
    PEEK or ODOUR picks and a beetle a card or a SWIPE picks are chosen on the board; GIVE, MUD,
    a battle and its spoils with buttons."""

    slug, bot, mine = "hexcrement", "strong", "strong"
    options = {"length": "quick"}
    sels = ["#board [data-target]"]
    ON_CELL = ("move", "morph", "peek", "odour")

    def board_choices(self, action):
        return int(action["type"] in (*self.ON_CELL, "target", "swipe"))

    def move(self, page, board, engine, state, rng):
        action = bot_choice(engine, state, self.mine, rng)
        kind = action["type"]
        if kind == "roll":
            tap_and_wait(page.locator("#hx-actions button[data-key=roll]"), page)
        elif kind in self.ON_CELL:
            board.tap(f"#board [data-target='{action['cell']}']")
        elif kind in ("target", "swipe") and page.locator(f"#board [data-target='seat:{action['seat']}']").count():
            board.tap(f"#board [data-target='seat:{action['seat']}']")
        else:
            buttons = page.locator("#hx-actions button[data-action]")
            sent = buttons.evaluate_all("(bs) => bs.map((b) => JSON.parse(b.dataset.action))")
            tap_and_wait(buttons.nth(next(k for k, a in enumerate(sent) if same(a, action))), page)


class Hexal(Game):
    """Target score 50, the lowest. Naming a target (the stack on the board, then the card of
    the stack when the page asks) and placing a card (the hand card, then its place) are
    choices on the board; ending the turn, discarding and passing are buttons."""

    slug, bot, mine = "hexal", "greedy", "greedy"
    options = {"target_score": 50}
    sels = ["#board .hl-act[data-i]:not(.hl-placed)"]

    def board_choices(self, action):
        return int(action["type"] in ("target", "place"))

    def select(self, page, card):
        b = page.locator(f"#hl-hand button[data-card='{card}']")
        if not pressed(b):
            b.tap()

    def move(self, page, board, engine, state, rng):
        action = bot_choice(engine, state, self.mine, rng)
        kind = action["type"]
        if kind == "target":
            view = engine.view(state, 0)
            cell = next(c for c in view["table"] if action["card"] in c["cards"])
            # One target in the stack: the tap names it; several: the page asks which card.
            asks = "document.querySelector('#hl-help button[data-target]') !== null"
            if not board.tap(f"#board .hl-act[data-q='{cell['q']}'][data-r='{cell['r']}']", or_js=asks):
                choice = page.locator(f"#hl-help button[data-target='{action['card']}']")
                box = choice.bounding_box()  # the stack's cards: a choice the board asks for too
                assert box["height"] >= 44 - 0.5 and box["width"] >= 44 - 0.5, box
                tap_and_wait(choice, page)
        elif kind == "place":
            self.select(page, action["card"])
            board.tap(f"#board .hl-act[data-q='{action['q']}'][data-r='{action['r']}']:not(.hl-placed)")
        elif kind == "discard":
            self.select(page, action["card"])
            tap_and_wait(page.locator("#hl-actions button[data-act=discard]"), page)
        elif kind == "take_back":
            tap_and_wait(page.locator(f"#hl-actions button[data-act=take_back][data-card='{action['card']}']"), page)
        else:
            tap_and_wait(page.locator(f"#hl-actions button[data-act={kind}]"), page)


class Hexfolk(Game):
    """8 victory points (the fewest) and a limit of 2 rounds: the whole match is played, from
    the first settlement. Settlements, roads, cities and the robber are choices on the board
    (in a turn after the build button); the roll, the discard, whom to rob and the answers to
    offers are buttons (offers are declined)."""

    slug, bot, mine = "hexfolk", "strong", "strong"
    options = {"victory_points": 8, "turn_limit": 2}
    sels = ["#board [data-target]"]
    choices_ahead = 999  # from seat 0's first placement
    MODES = {"build_road": "road", "build_settlement": "settlement", "build_city": "city"}

    def board_choices(self, action):
        return int(action["type"] in (*self.MODES, "move_robber"))

    def move(self, page, board, engine, state, rng):
        legal = engine.legal_actions(state, 0)
        kinds = {a["type"] for a in legal}
        action = bot_choice(engine, state, self.mine, rng)
        kind = action["type"]
        if "decline_trade" in kinds:
            tap_and_wait(page.locator("[data-act=decline_trade]"), page)
        elif kind == "discard":
            for res, n in action["cards"].items():
                for _ in range(n):
                    page.locator(f"[data-act=step][data-box=discard][data-res={res}][data-by='1']").tap()
            tap_and_wait(page.locator("#hf-discard-go"), page)
        elif kind == "move_robber":
            # One victim (or none) there: the tap moves the robber; several: the page asks whom.
            asks = "document.querySelector('#hf-prompt [data-act=steal]') !== null"
            if not board.tap(f"#board [data-target='h:{action['hex']}']", or_js=asks):
                victim = "" if action["victim"] is None else str(action["victim"])
                tap_and_wait(page.locator(f"#hf-prompt [data-act=steal][data-victim='{victim}']"), page)
        elif kind in self.MODES:
            self.build(page, board, state, action)
        elif kind in ("roll", "pass", "buy_dev", "end_turn", "withdraw_trade"):
            tap_and_wait(page.locator(f"#hf-actions [data-act={kind}], #hf-trade-body [data-act={kind}]").first, page)
        else:  # a trade or a development card: the plain move instead
            plain = "roll" if "roll" in kinds else "end_turn" if "end_turn" in kinds else "pass"
            tap_and_wait(page.locator(f"#hf-actions [data-act={plain}]"), page)

    def build(self, page, board, state, action):
        if state.phase in ("main", "special_build"):  # in a turn, the build button first
            mode = page.locator(f"#hf-actions [data-act=mode][data-mode={self.MODES[action['type']]}]")
            if not pressed(mode):
                mode.tap()
        key = f"e:{action['edge'][0]}-{action['edge'][1]}" if "edge" in action else f"n:{action['node']}"
        board.tap(f"#board [data-target='{key}']")


class Words(Game):
    """No shorter setting (5 cards to win, 180 s hourglass: the longest, so a loaded machine
    never runs out); the match starts near its end. A match is two choices on the board (the
    tile, then the highlighted card letter); ending the turn is a button. A steal the bot
    would make becomes a match, or the end of the turn."""

    slug, bot, mine = "hexboard-words", "strong", "strong"
    options = {"turn_seconds": 180}
    sels = ["#board [data-place]", "#board [data-tile][role=button]"]

    def board_choices(self, action):
        return 2 if action["type"] == "match" else 0

    def move(self, page, board, engine, state, rng):
        legal = engine.legal_actions(state, 0)
        action = bot_choice(engine, state, self.mine, rng)
        if action["type"] != "match":
            action = next((a for a in legal if a["type"] == "match"), {"type": "end_turn"})
        if action["type"] == "end_turn":
            tap_and_wait(page.locator("#hw-end"), page)
            return
        tiles = engine.view(state, 0)["board"]
        tile = next((t for t in tiles if t["letter"] == action["letter"]), None) or next(t for t in tiles if t["letter"] == "?")
        board.tap(f"#board [data-tile='{tile['tile']}']", sends=False)
        board.tap(f"#board [data-place='{action['slot']}:{action['position']}']")


GAMES = {g.slug: g for g in (Hextopia(), Hexcrement(), Hexal(), Hexfolk(), Words())}
