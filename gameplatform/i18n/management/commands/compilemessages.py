"""``manage.py compilemessages``: the ``.mo`` files from the ``.po`` files with polib, so no
GNU gettext (msgfmt) is needed. ``make run`` and ``make test`` run it; ``--force`` rebuilds all."""
from django.core.management.base import BaseCommand

from gameplatform.i18n.catalogues import compile_catalogues


class Command(BaseCommand):
    help = "Compile locale/ and games/<game>/locale/ .po files to .mo (with polib; only the out-of-date ones)."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="rebuild every .mo")

    def handle(self, *args, force=False, **options):
        written = compile_catalogues(force=force)
        if options.get("verbosity", 1):
            self.stdout.write(f"compiled {len(written)} catalogue(s)")
