"""The site's three languages (issue 13, point 7): English (the source), French and Swedish.

- ``middleware.UserLanguageMiddleware``: the signed-in person's stored language
  (``players.Preferences.language``) wins over the cookie and ``Accept-Language`` that
  Django's ``LocaleMiddleware`` reads;
- ``views.language_set``: the header's chooser (POST ``/i18n/setlang/``), remembered in the
  language cookie and, when signed in, in ``Preferences``;
- ``catalogues``: compiles ``locale/*/LC_MESSAGES/*.po`` to ``.mo`` with polib (no GNU
  gettext needed to run the site) and checks that they are complete;
- ``engine_texts``: translates the texts pure-Python engines raise (``games.protocol``) at
  the platform boundary;
- ``manage.py makemessages`` (overridden here): the one extraction, ``make messages``.
"""
