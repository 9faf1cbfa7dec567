"""The site's three languages (issue 13, point 7): English (the source), French and Swedish.

- the person's stored language (``players.language``: ``UserLanguageMiddleware`` and the
  sockets' ``language_for_scope``) wins over the cookie and ``Accept-Language`` that Django's
  ``LocaleMiddleware`` reads; the header's chooser (POST ``/i18n/setlang/``,
  ``players.views.language_set``) remembers it;
- ``catalogues``: where the catalogues are (``locale/`` for the platform's texts,
  ``games/<package>/locale/`` for each game's), compiles their ``.po`` files to ``.mo`` with
  polib (no GNU gettext needed to run the site) and reads them for the checks;
- ``collect``: the engines' texts for extraction (``engine_messages.py``, the platform's and
  each game's);
- ``engine_texts``: translates the texts pure-Python engines raise (``games.protocol``) at
  the platform boundary;
- ``manage.py makemessages`` (overridden here): the one extraction, ``make messages``;
- ``views.javascript_catalog``: ``/jsi18n/``, the platform's and the games' ``djangojs``.
"""
