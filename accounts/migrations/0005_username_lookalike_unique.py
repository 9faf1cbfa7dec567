# No two accounts share a look-alike key, except those 0004 kept.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0004_username_lookalike_keys'),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='user',
            constraint=models.UniqueConstraint(condition=models.Q(('username_lookalike_kept', False)), fields=('username_skeleton',), name='accounts_user_skeleton_unique'),
        ),
        migrations.AddConstraint(
            model_name='user',
            constraint=models.UniqueConstraint(condition=models.Q(('username_lookalike_kept', False)), fields=('username_skeleton_cased',), name='accounts_user_skeleton_cased_unique'),
        ),
    ]
