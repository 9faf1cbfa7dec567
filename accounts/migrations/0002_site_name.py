"""Names the Sites framework's site "Hexagora": allauth puts the site name in the subject and
text of its mails (sign-up confirmation, password reset), which otherwise say "example.com"."""
from django.conf import settings
from django.db import migrations

SITE_NAME = "Hexagora"


def name_site(apps, schema_editor):
    Site = apps.get_model("sites", "Site")
    Site.objects.update_or_create(
        pk=settings.SITE_ID, defaults={"name": SITE_NAME, "domain": "127.0.0.1:8000"}
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("sites", "0002_alter_domain_unique"),
    ]

    operations = [migrations.RunPython(name_site, migrations.RunPython.noop)]
