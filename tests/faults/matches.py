"""The fault test's matches, made and checked in a process of their own (the test's own process
is connected to the test database; this one to the fault stack's): run with the stack's
environment as ``python -m tests.faults.matches setup N`` or ``... check ID ...``, it prints
one JSON document on its last line.

``setup N``: N four-seat Hextopia matches, each seat a player's played by the takeover bot
(``bench/latency_parts/tables.py``, as the latency bench makes them: so every seat has its
owner's socket), started; plus a member with a password and an API token for the HTTP probes.
Prints ``{"tables": [[match_id, [session per seat]]], "token", "session", "username",
"password"}``.

``check ID ...``: per match ``{"id", "status", "version", "records", "contiguous",
"replay_equal"}``: ``contiguous`` when its MoveRecords' seqs follow each other from the first
move to the match's version with no gap and no double (once play runs, only moves change the
version: every seat is already a takeover bot's), ``replay_equal`` when replaying them from
the seed rebuilds the stored state.
"""
from __future__ import annotations

import json
import os
import secrets
import sys
from types import SimpleNamespace


def setup(count: int) -> dict:
    from rest_framework.authtoken.models import Token

    from accounts.models import User
    from bench.latency_parts.tables import tables_create, tables_start
    from gameplatform.tenants.models import Membership
    from gameplatform.tenants.selectors import tenant_default

    run = SimpleNamespace(matches=count, bot_delay=float(os.environ.get("BOT_DELAY_SECONDS", "1.0")),
                          moves="bots", spectators=0)
    tables = tables_create(run, "hextopia")
    tables_start(run, tables)
    password = secrets.token_urlsafe(12)
    prober, _ = User.objects.get_or_create(username="fault-prober", defaults={"email": "prober@faults.invalid"})
    prober.set_password(password)
    prober.save()
    Membership.objects.get_or_create(user=prober, tenant=tenant_default(),
                                     defaults={"role": Membership.Role.PLAYER})
    token, _ = Token.objects.get_or_create(user=prober)
    return {"tables": [[t.match_id, t.sessions] for t in tables], "token": token.key,
            "session": tables[0].sessions[0], "username": prober.username, "password": password}


def check(ids: list[int]) -> list[dict]:
    from gameplatform.matches.models import Match, MoveRecord
    from gameplatform.matches.selectors import match_rebuild_state

    out = []
    for match in Match.unscoped.filter(pk__in=ids).order_by("pk"):
        seqs = list(MoveRecord.objects.filter(match_id=match.pk).order_by("seq").values_list("seq", flat=True))
        try:
            replay_equal = match_rebuild_state(match) == json.loads(json.dumps(match.state))
        except ValueError:
            replay_equal = False
        out.append({"id": match.pk, "status": match.status, "version": match.version, "records": len(seqs),
                    "contiguous": bool(seqs) and seqs == list(range(seqs[0], match.version + 1)),
                    "replay_equal": replay_equal})
    return out


def main(argv: list[str]) -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gameplatform.settings")
    django.setup()
    if argv[:1] == ["setup"]:
        result = setup(int(argv[1]))
    elif argv[:1] == ["check"]:
        result = check([int(a) for a in argv[1:]])
    else:
        raise SystemExit("usage: python -m tests.faults.matches setup N | check ID ...")
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
