"""``manage.py makemessages`` with the project's defaults (``make messages`` runs it).

Without ``-l``/``-a`` it refreshes French and Swedish; without ``-d`` both domains (``django``
for Python and templates, ``djangojs`` for the ES modules). It first rewrites the engine texts
(``collect.py``: ``gameplatform/i18n/engine_messages.py`` and each registered game's
``games/<package>/engine_messages.py``) and makes sure each registered game has its
``locale/`` folder, so Django's extraction sends every file under ``games/<package>/`` to that
game's catalogues (``games/<package>/locale/<lang>/LC_MESSAGES/``) and the rest of the site to
``locale/``. It skips the folders that are not the site (tests, benches, venv, build output),
keeps file names without line numbers as locations (fewer merge conflicts), drops obsolete
entries, and never guesses a new entry's translation from a similar one (msgmerge
``--no-fuzzy-matching``: a new text is left empty for a translator, not filled from a
neighbour's).
"""
from django.core.management.commands import makemessages

from gameplatform.i18n.catalogues import game_locale_dirs, translated_languages
from gameplatform.i18n.collect import write_engine_messages

IGNORED = ["tests/*", "bench/*", "var/*", "staticfiles/*", "artifacts/*", "node_modules/*",
           "gameplatform/matches/game_template/*"]


class Command(makemessages.Command):
    help = ("Extract the site's messages into locale/{fr,sv}/LC_MESSAGES/{django,djangojs}.po and each "
            "game's into games/<package>/locale/.")
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]
    # ``N_`` is the project's alias of gettext_noop (texts kept as constants, translated where
    # they are shown): xgettext knows gettext_noop, not the alias.
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]

    def handle(self, *args, **options):
        if not options.get("locale") and not options.get("all") and not options.get("exclude"):
            options["locale"] = translated_languages()
        options["ignore_patterns"] = list(options.get("ignore_patterns") or []) + IGNORED
        options["add_location"] = options.get("add_location") or "file"
        options["no_obsolete"] = True
        counts = write_engine_messages()
        for folder in game_locale_dirs().values():
            folder.mkdir(exist_ok=True)
        if options.get("verbosity", 1):
            self.stdout.write("engine texts: " + ", ".join(f"{owner} {n}" for owner, n in counts.items()))
        domains = [options["domain"]] if options.get("domain_given") else ["django", "djangojs"]
        for domain in domains:
            super().handle(*args, **{**options, "domain": domain})

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        # Tell "no -d" from "-d django": the default is both domains.
        for action in parser._actions:
            if action.dest == "domain":
                action.default = None
        return parser

    def execute(self, *args, **options):
        options["domain_given"] = options.get("domain") is not None
        if options.get("domain") is None:
            options["domain"] = "django"
        return super().execute(*args, **options)
