"""The platform's core: what every app may use and that uses no app of the platform.

``errors`` (``ServiceError``, the platform-wide refusal), ``events`` (the turn flow's domain
events and the one registry features subscribe through), ``outages`` (database and Redis
outages: 503 and ``unavailable``), ``cache`` (the cache that rides out Redis), ``clientip``
(the one client address), ``locks`` (interval locks: a Django app, label ``locks``),
``sweeper`` (the periodic sweep thread) and ``tasks`` (sending Celery tasks by name).
Layers: docs/contracts.md, "Layers".
"""
