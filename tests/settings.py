"""The test run's settings: the site's (gameplatform.settings), with each pytest-xdist worker
of a parallel run (``make test`` runs ``-n auto``) apart from the others on the shared Redis:
its own cache and channel prefix and Celery queue (``<prefix>-gw0``...). pytest-django gives
each worker its own test database (``test_<name>_gw0``...). Subprocesses the tests start
inherit the environment, so a worker's servers and Celery workers stay on its side too.
"""
import os

_worker = os.environ.get("PYTEST_XDIST_WORKER")
if _worker:
    for _name, _default in (("CHANNEL_PREFIX", "asgi"), ("CELERY_QUEUE", "hexagora")):
        _value = os.environ.get(_name, _default)
        if not _value.endswith(f"-{_worker}"):
            os.environ[_name] = f"{_value}-{_worker}"

from gameplatform.settings import *  # noqa: E402,F403

# SQLite (no DATABASE_URL): a test database file of this run's own, so two runs in one checkout
# (two terminals, an editor's runner) do not share one (SQLITE_TEST_NAME still chooses one).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3" and "SQLITE_TEST_NAME" not in os.environ:  # noqa: F405
    _run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")[:8] or str(os.getpid())
    DATABASES["default"]["TEST"]["NAME"] = str(BASE_DIR / "var" / f"test-{_run}.sqlite3")  # noqa: F405
