# The chat's moderation log joins the community's one audit trail (issue 27, point 3):
# every ModerationAction row becomes a tenants.AuditEntry with the same action, actor,
# target, reason, time and ``until``; the message or report becomes the entry's subject.

from django.db import migrations


def copy_to_audit(apps, schema_editor):
    ModerationAction = apps.get_model("chat", "ModerationAction")
    AuditEntry = apps.get_model("tenants", "AuditEntry")
    for row in ModerationAction._default_manager.select_related("message").order_by("pk").iterator():
        subject, details = "", {}
        if row.message_id:
            subject, details = f"message:{row.message_id}", {"text": row.message.text[:500]}
            if row.report_id:
                details["report"] = row.report_id
        elif row.report_id:
            subject = f"report:{row.report_id}"
        entry = AuditEntry._default_manager.create(
            tenant_id=row.tenant_id, actor_id=row.actor_id, action=row.action, target_id=row.target_id,
            subject=subject, reason=row.reason, until=row.until, details=details)
        # auto_now_add set the copy's time: give it the original's.
        AuditEntry._default_manager.filter(pk=entry.pk).update(created_at=row.created_at)


class Migration(migrations.Migration):

    dependencies = [
        ('chat', '0003_report_verbose_name'),
        ('tenants', '0004_community_self_run'),
    ]

    operations = [
        migrations.RunPython(copy_to_audit, migrations.RunPython.noop),
        migrations.DeleteModel(
            name='ModerationAction',
        ),
    ]
