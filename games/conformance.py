"""The conformance check every registered engine passes (pure Python, no Django).

``check_engine(engine)`` plays random games with seat counts and team layouts taken from the
engine's own metadata and options drawn from its schema, and asserts the contract of
``games.protocol``: encode/decode round-trips, ``apply`` never mutates its input, every seat
in ``to_act`` has a legal action and every one it is given applies, ``timeout_action`` is
legal, garbage actions are refused without a change, views carry the envelope, no seat ever
receives one of its ``secrets`` (by value: in its view, in the events it may see; the spectator
likewise), a game without ``simultaneous`` never names two seats, replaying the actions from
the seed rebuilds the state, and every game ends with a ``Result`` ranking every seat.
``tests/games/test_conformance.py`` runs it over the registry.
"""
from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from games.options import random_options
from games.protocol import (
    ENVELOPE_KEYS,
    SEAT_ENVELOPE_KEYS,
    EngineBase,
    Event,
    IllegalAction,
    OptionsError,
    SeatSpec,
    State,
    visible_events,
)
from games.texts import at_path, render

# Keys that must never appear in a view, whatever their value.
SECRET_KEYS = ("seed", "rng", "draws", "deck")
GARBAGE: tuple[dict[str, Any], ...] = ({}, {"type": "no-such-action"}, {"type": None}, {"type": "x" * 300})


def seat_layouts(engine: EngineBase) -> list[tuple[int, str, list[SeatSpec]]]:
    """Every seat count of the engine with every team layout it offers:
    ``[(n, layout name, [SeatSpec, ...])]``."""
    out = []
    for n in range(engine.min_seats, engine.max_seats + 1):
        for name, teams in engine.team_layouts(n).items():
            out.append((n, name, [SeatSpec(team=t) for t in teams]))
    return out


def option_sets(engine: EngineBase, rng: random.Random, count: int) -> list[dict]:
    """The defaults and ``count - 1`` random option sets the engine accepts."""
    schema = engine.options_schema()
    out = [engine.validate_options({})]
    tries = 0
    while len(out) < count and tries < 50 * count:
        tries += 1
        try:
            out.append(engine.validate_options(random_options(schema, rng)))
        except OptionsError:
            continue
    return out


def random_steps(engine: EngineBase, state: State, rng: random.Random,
                 max_actions: int) -> Iterator[tuple[int, State, list[Event]]]:
    """Random legal play from ``state``: after each action ``(seat, state after, events)``;
    stops when nobody is to act or after ``max_actions`` actions."""
    for _ in range(max_actions):
        acting = engine.to_act(state)
        if not acting:
            return
        seat = rng.choice(acting)
        state, events = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        yield seat, state, list(events)


def check_engine(
    engine: EngineBase,
    *,
    seat_layouts: Sequence[Sequence[SeatSpec]] | None = None,
    options: Sequence[Mapping] | None = None,
    games: int = 1,
    max_actions: int = 5000,
    seed: int = 1,
    secret_keys: Sequence[str] = SECRET_KEYS,
    invariant: Callable[[EngineBase, State], None] | None = None,
    views_every: int = 1,
    cycle_options: bool = True,
) -> int:
    """Random playouts asserting the contract (module docstring); returns the actions applied.

    ``seat_layouts`` default: every count and team layout of the engine; ``options``
    default: the defaults and two random sets from the schema, taken in turn by the layouts
    (``cycle_options``; False: every set with every layout); a set a layout refuses is
    skipped. Given ``options`` are played with every layout. ``views_every``: check views and secrets every that many actions
    (events always). ``invariant(engine, state)`` runs after every action. Raises
    ``AssertionError`` on the first breach.
    """
    rng = random.Random(seed)
    layouts = [spec for _, _, spec in _layouts(engine)] if seat_layouts is None else list(seat_layouts)
    opts_list = option_sets(engine, rng, 3) if options is None else [engine.validate_options(o) for o in options]
    applied = 0
    combos = [(o, lay) for o in opts_list for lay in layouts] if options is not None or not cycle_options \
        else [(opts_list[(i + k) % len(opts_list)], lay) for i, lay in enumerate(layouts) for k in range(len(opts_list))]
    done: set[int] = set()
    for opts, layout in combos:
        key = id(layout)
        if options is None and cycle_options and key in done:
            continue  # this layout already played one of the option sets
        try:
            engine.validate_seats(opts, layout)
        except OptionsError:
            if options is None:
                continue  # an option set this seat count does not allow: the next one
            raise
        done.add(key)
        for _ in range(games):
            applied += play_one(engine, opts, layout, rng.randrange(2**62), rng=rng,
                                max_actions=max_actions, secret_keys=secret_keys,
                                invariant=invariant, views_every=views_every)
    return applied


def _layouts(engine):
    return seat_layouts(engine)


def play_one(engine: EngineBase, options: Mapping, layout: Sequence[SeatSpec], game_seed: int, *,
             rng: random.Random, max_actions: int = 5000, secret_keys: Sequence[str] = SECRET_KEYS,
             invariant=None, views_every: int = 1) -> int:
    """One random game of ``check_engine``; returns its number of actions."""
    n = len(layout)
    state = engine.setup(options, layout, game_seed)
    initial = engine.encode(state)
    check_events(engine, state, engine.setup_events(state), n, game_seed)
    played: list[tuple[int, dict]] = []
    for step in range(max_actions):
        enc = engine.encode(state)
        frozen = json.dumps(enc, sort_keys=True)
        assert engine.decode(json.loads(frozen)) == state, "decode(encode(s)) != s"
        acting = engine.to_act(state)
        assert isinstance(acting, tuple), "to_act must return a tuple"
        assert engine.simultaneous or len(acting) <= 1, f"{engine.slug} is not simultaneous but to_act is {acting}"
        if step % views_every == 0 or not acting:
            check_views(engine, state, n, game_seed, secret_keys)
        if not acting:
            break
        seat = rng.choice(acting)
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        if step % views_every == 0:
            for other in range(n):
                if other not in acting:
                    assert engine.legal_actions(state, other) == [], f"seat {other} is not to act but has actions"
        for bad in (*GARBAGE, {"type": legal[0]["type"], "x": [1]}):
            try:
                engine.apply(state, seat, bad)
            except IllegalAction:
                pass
            else:
                assert bad in legal, f"garbage action accepted: {bad}"
        assert json.dumps(engine.encode(state), sort_keys=True) == frozen, "a refused action changed the state"
        timeout = engine.timeout_action(state, seat)
        assert timeout in legal, f"timeout action {timeout} is not legal"
        action = rng.choice(legal)
        after, events = engine.apply(state, seat, action)
        assert json.dumps(engine.encode(state), sort_keys=True) == frozen, "apply mutated its input"
        check_events(engine, after, events, n, game_seed, before=state, seat=seat, action=action)
        played.append((seat, action))
        state = after
        if invariant:
            invariant(engine, state)
    else:
        raise AssertionError(f"{engine.slug}: game did not end within {max_actions} actions (seed {game_seed})")
    res = engine.result(state)
    assert res is not None and len(res.ranks) == n and len(res.scores) == n, "result must rank every seat"
    assert all(1 <= r <= n for r in res.ranks), "ranks run from 1"
    assert engine.view(state, None)["result"] == json.loads(json.dumps(res.to_json())), "view result != result"
    replayed = engine.setup(options, layout, game_seed)
    assert engine.encode(replayed) == initial, "setup is not deterministic"
    for seat, action in played:
        replayed, _ = engine.apply(replayed, seat, action)
    assert engine.encode(replayed) == engine.encode(state), "replay from the seed differs"
    return len(played)


def check_views(engine: EngineBase, state: State, n: int, game_seed: int,
                secret_keys: Sequence[str] = SECRET_KEYS) -> None:
    """Every seat's view and the spectator's: JSON-able, the envelope, no secret key, none of
    that seat's ``secrets`` by value."""
    acting = list(engine.to_act(state))
    for s in [None, *range(n)]:
        text = json.dumps(engine.view(state, s), ensure_ascii=False)
        view = json.loads(text)
        check_envelope(engine, view, n, s, acting)
        assert_no_secret_key(view, secret_keys, text=text)
        hidden = [*engine.secrets(state, s), game_seed]
        leak = find_secrets(view, hidden, text=text)
        assert leak is None, f"seat {s} sees its secret {leak[0]!r} in its view: {leak[1]}"
        check_view_texts(engine, state, s, view, hidden)
        if s is not None:
            check_redeal(engine, state, s, view)


def check_redeal(engine: EngineBase, state: State, seat: int, view: dict) -> None:
    """``engine.redeal`` (when the game offers it) gives a state ``seat`` cannot tell from
    ``state``: the same view and legal actions, ``state`` itself unchanged."""
    frozen = json.dumps(engine.encode(state), sort_keys=True)
    imagined = engine.redeal(state, seat, random.Random(seat))
    if imagined is None:
        return
    assert json.dumps(engine.encode(state), sort_keys=True) == frozen, "redeal changed its input"
    assert json.loads(json.dumps(engine.view(imagined, seat))) == view, f"seat {seat} can tell a redealt state"
    assert engine.legal_actions(imagined, seat) == engine.legal_actions(state, seat), "redeal changed the legal actions"


def check_view_texts(engine: EngineBase, state: State, seat: int | None, view: dict, hidden: list) -> None:
    """``engine.view_texts``: JSON-able, no secret of the seat, and every path names a string
    of ``view`` that is the English rendering of its spec (``games.texts``)."""
    raw = json.dumps(engine.view_texts(state, seat), ensure_ascii=False)
    texts = json.loads(raw)
    assert isinstance(texts, dict), "view_texts must return a dict"
    leak = find_secrets(texts, hidden, text=raw)
    assert leak is None, f"seat {seat} sees its secret {leak[0]!r} in its view texts: {leak[1]}"
    for path, spec in texts.items():
        try:
            value = at_path(view, path)
        except (KeyError, IndexError, ValueError, TypeError):
            raise AssertionError(f"view text path {path!r} is not in the view of seat {seat}") from None
        assert value == render(spec), f"view text {path!r}: the view has {value!r}, the spec gives {render(spec)!r}"


def check_events(engine: EngineBase, state: State, events: Sequence[dict], n: int, game_seed: int,
                 *, before: State | None = None, seat: int | None = None, action: dict | None = None) -> None:
    """Events are JSON-able dicts with a type; what each seat (and a spectator) may see of
    them holds none of the secrets it had both ``before`` the action and after it (``state``),
    except what the acting ``seat`` knew before (it may show its own cards: a card played
    or a hand laid down, which a reshuffle in the same action may deal out again) and what
    a public ``action`` names."""
    events = json.loads(json.dumps(list(events)))
    for ev in events:
        assert isinstance(ev, dict) and isinstance(ev.get("type"), str), f"event without a type: {ev}"
    named = None
    for s in [None, *range(n)]:
        hidden = _hashable(engine.secrets(state, s))
        if before is not None:
            hidden &= _hashable(engine.secrets(before, s))
        seen = visible_events(events, s)
        leak = find_secrets(seen, [*hidden, game_seed])
        if leak is not None and named is None:  # what the actor showed is no leak
            named = set()
            if action is not None and engine.action_is_public(action):
                named = _scalars(action)
            if before is not None and seat is not None:
                named |= _scalars(engine.view(before, seat))
        if leak is not None:
            unnamed = [h for h in hidden if isinstance(h, tuple) or str(h) not in named]
            leak = find_secrets(seen, [*unnamed, game_seed])
        assert leak is None, f"seat {s} receives its secret {leak[0]!r} in an event: {leak[1]}"


def _scalars(obj) -> set:
    """The words and numbers of ``obj``'s JSON text."""
    return set(_WORD.findall(json.dumps(obj, ensure_ascii=False)))


def _hashable(values) -> set:
    return {tuple(v) if isinstance(v, list) else v for v in values}


def check_envelope(engine: EngineBase, view: dict, n: int, seat: int | None, acting: list[int]) -> None:
    """The ``ViewEnvelope`` fields with their types; ``to_act`` equal to the engine's."""
    for key in ENVELOPE_KEYS:
        assert key in view, f"view lacks envelope field {key!r}"
    assert view["game"] == engine.slug and view["viewer"] == seat
    assert view["to_act"] == acting, f"view to_act {view['to_act']} != {acting}"
    assert type(view["turn"]) is int and view["turn"] >= 0, "turn is a whole number"
    assert isinstance(view["phase"], str) and isinstance(view["phase_text"], str)
    assert isinstance(view["seats"], list) and len(view["seats"]) == n, "one envelope seat per seat"
    for i, entry in enumerate(view["seats"]):
        for key in SEAT_ENVELOPE_KEYS:
            assert key in entry, f"seats[{i}] lacks {key!r}"
        assert entry["seat"] == i
        assert isinstance(entry["colour"], str) and entry["colour"], "a seat has a colour"
        assert isinstance(entry["summary"], str) and isinstance(entry["colour_name"], str)
        assert entry["score"] is None or type(entry["score"]) in (int, float)
    assert view["result"] is None or set(view["result"]) >= {"ranks", "scores", "winners"}


def assert_no_secret_key(obj: Any, keys: Sequence[str], *, text: str | None = None) -> None:
    """No dict key in ``obj`` (whose JSON ``text`` the caller may have) is one of ``keys``."""
    text = json.dumps(obj, ensure_ascii=False) if text is None else text
    m = re.search(r'"(' + "|".join(map(re.escape, keys)) + r')":', text)
    assert m is None, f"key {m.group(1)!r} must not reach a client: {text[max(0, m.start() - 60):m.end() + 60]}"


def find_secrets(obj: Any, secrets: Sequence, *, text: str | None = None) -> tuple[Any, str] | None:
    """The first of ``secrets`` found in ``obj`` and the JSON text around it, else None.

    A string secret is found as a whole word of the JSON text (a key, a value, a word inside
    a value); an integer as a whole number of it (so integer secrets must be distinctive, like
    the seed: give hidden cards string codes); a tuple of scalars as a list equal to it (a
    hand's counts, a deck order) or as a contiguous run of a longer list. ``text``: the JSON
    of ``obj`` when the caller has it.
    """
    text = json.dumps(obj, ensure_ascii=False) if text is None else text
    for secret in secrets:
        if isinstance(secret, tuple):
            if not secret:
                continue
            at = _find_run(text, _items_json(secret))
        elif (isinstance(secret, str) and secret) or type(secret) is int:
            word = str(secret)
            at = text.find(word)
            while at >= 0 and not _whole(text, at, len(word)):
                at = text.find(word, at + 1)
        else:
            continue
        if at >= 0:
            return secret, text[max(0, at - 60):at + 60]
    return None


_WORD = re.compile(r"\w+")


@functools.lru_cache(maxsize=65536)
def _items_cached(secret: tuple) -> str:
    return json.dumps(list(secret), ensure_ascii=False)[1:-1]


def _items_json(secret: tuple) -> str:
    """The JSON of ``secret``'s items without the brackets (the same secrets come back at
    every view of a playout: cached)."""
    try:
        return _items_cached(secret)
    except TypeError:  # an item that is not hashable
        return json.dumps(list(secret), ensure_ascii=False)[1:-1]


def _whole(text: str, at: int, size: int) -> bool:
    """Is ``text[at:at + size]`` a whole word (no word character either side of a word
    character at its ends)?"""
    before = text[at - 1] if at > 0 else " "
    after = text[at + size] if at + size < len(text) else " "
    word = text[at:at + size]
    return not (_wordy(before) and _wordy(word[0])) and not (_wordy(after) and _wordy(word[-1]))


def _wordy(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _find_run(text: str, inner: str) -> int:
    """Where the JSON list items ``inner`` stand as whole items of a list in ``text``, or -1."""
    at = text.find(inner)
    while at >= 0:
        end = at + len(inner)
        if (text[at - 1:at] == "[" or text[at - 2:at] == ", ") and text[end:end + 1] in ("]", ","):
            return at
        at = text.find(inner, at + 1)
    return -1


def _walk(obj: Any, path: str) -> Iterator[tuple[Any, str]]:
    yield obj, path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k, f"{path}.<key {k}>"
            yield from _walk(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _walk(v, f"{path}[{i}]")
