# Look-alike usernames (issue 24): the keys every account's name is compared by, filled for the
# accounts that exist; an account that already looked like an older one is marked kept.

import django.contrib.auth.validators
from django.db import migrations, models

import accounts.models
import accounts.names


def fill_keys(apps, schema_editor):
    from accounts.services import username_keys_fill

    username_keys_fill(apps.get_model("accounts", "User").objects.all())


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0003_throttle_counter'),
        ('auth', '0012_alter_user_first_name_max_length'),
    ]

    operations = [
        migrations.AlterModelManagers(
            name='user',
            managers=[
                ('objects', accounts.models.UserManager()),
            ],
        ),
        migrations.AddField(
            model_name='user',
            name='username_lookalike_kept',
            field=models.BooleanField(default=False, editable=False, help_text="Looked like an older account's name before look-alike names were refused; a rename clears it."),
        ),
        migrations.AddField(
            model_name='user',
            name='username_skeleton',
            field=models.CharField(db_index=True, default='', editable=False, max_length=64),
        ),
        migrations.AddField(
            model_name='user',
            name='username_skeleton_cased',
            field=models.CharField(db_index=True, default='', editable=False, max_length=64),
        ),
        migrations.AlterField(
            model_name='user',
            name='username',
            field=models.CharField(error_messages={'unique': 'A user with that username already exists.'}, help_text='Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only.', max_length=150, unique=True, validators=[django.contrib.auth.validators.UnicodeUsernameValidator(), accounts.names.validate_username_scripts], verbose_name='username'),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop, elidable=False),
    ]
