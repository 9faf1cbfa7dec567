"""Celery tasks of the players' app: "Download my data" made in the background (issue 27,
point 5), sent by name from ``players.exports.data_export_request``."""
from celery import shared_task

from gameplatform.core.outages import OUTAGE_RETRY
from gameplatform.players import exports


@shared_task(name=exports.BUILD_TASK, ignore_result=True, **OUTAGE_RETRY)
def build_data_export(export_id):
    """Builds the export and mails its link; nothing for an unknown or finished one."""
    return exports.data_export_build(export_id=export_id)
