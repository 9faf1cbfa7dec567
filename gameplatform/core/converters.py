"""Path converters of the site's and the API's URLs: ``<id:match_id>``, ``<seat:seat_index>``.
Registered when this module is imported (every urls module that uses them imports it)."""
from django.urls import register_converter


class IdConverter:
    """A database id: at most 18 digits, so an absurd number is a 404 and never reaches the
    database as an out-of-range integer."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


class SeatConverter(IdConverter):
    """A seat index: a small number (the service checks it against the table)."""

    regex = "[0-9]{1,3}"


register_converter(IdConverter, "id")
register_converter(SeatConverter, "seat")
