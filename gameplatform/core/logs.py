"""Logging filters of the settings' ``LOGGING``.

``make run`` printed, at every start, lines that tell a newcomer nothing to act on (issue 26,
point 12): Daphne's "HTTP/2 support not enabled (install the http2 and tls Twisted extras)"
(the site speaks HTTP/1.1 and WebSockets; a proxy in front of it does HTTP/2). ``DropMessages``
drops exactly the records whose message starts with one of its prefixes, on the logger it is
attached to; everything else that logger says (the address it listens on, its errors) stays.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable


class DropMessages(logging.Filter):
    """Drops the log records whose message starts with one of ``prefixes``."""

    def __init__(self, prefixes: Iterable[str] = ()) -> None:
        super().__init__()
        self.prefixes = tuple(prefixes)

    def filter(self, record: logging.LogRecord) -> bool:
        return not (self.prefixes and record.getMessage().startswith(self.prefixes))
