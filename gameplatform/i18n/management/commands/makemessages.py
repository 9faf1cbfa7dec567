"""``manage.py makemessages`` with the project's defaults (``make messages`` runs it).

Without ``-l``/``-a`` it refreshes French and Swedish; without ``-d`` both domains (``django``
for Python and templates, ``djangojs`` for the ES modules). It first rewrites
``gameplatform/i18n/engine_messages.py`` from the engines (``collect.py``), skips the folders
that are not the site (tests, benches, venv, build output), keeps file names without line
numbers as locations (fewer merge conflicts) and drops obsolete entries.
"""
from django.core.management.commands import makemessages

from gameplatform.i18n.catalogues import translated_languages
from gameplatform.i18n.collect import write_engine_messages

IGNORED = ["tests/*", "bench/*", "var/*", "staticfiles/*", "artifacts/*", "node_modules/*",
           "gameplatform/matches/game_template/*", "locale/*"]


class Command(makemessages.Command):
    help = "Extract the site's messages into locale/{fr,sv}/LC_MESSAGES/{django,djangojs}.po."

    def handle(self, *args, **options):
        if not options.get("locale") and not options.get("all") and not options.get("exclude"):
            options["locale"] = translated_languages()
        options["ignore_patterns"] = list(options.get("ignore_patterns") or []) + IGNORED
        options["add_location"] = options.get("add_location") or "file"
        options["no_obsolete"] = True
        count = write_engine_messages()
        if options.get("verbosity", 1):
            self.stdout.write(f"engine texts: {count}")
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
