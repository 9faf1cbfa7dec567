"""Alerts (issue 13, point 3): who waits for whom, live and by mail.

- who is waited for: ``matches.Seat.waiting_since`` / ``waiting_version``, set on the seats of
  the people in ``to_act`` by the turn flow (``services.waiting_sync``, called from
  ``matches.turns._notify`` inside the transaction); the header's count, ``/your-turn/`` and
  ``GET /api/v1/your-turn/`` read them.
- the user socket ``ws/me/`` (``consumers.MeConsumer``), group
  ``alerts.user.<user id>.tenant.<tenant id>``: the count, live, and the alerts (a turn, an
  invitation, a match's end) the page shows as browser notifications when the person opted in.
- mails through Celery (``tasks``): a mail per turn of an asynchronous match (at most one per
  match and person an hour, ``MatchMail``), or a daily digest sent from the workers' sweep
  (``digest.digest_sweep``); every mail has a signed one-click unsubscribe link (RFC 8058).
- invitations to an open match: by username (members of the community only) or by a signed
  link that seats the visitor while a seat is free.
"""
