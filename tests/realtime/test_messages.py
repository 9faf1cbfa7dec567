"""messages.parse_message: the three client messages, exactly (errors end to end: test_play.py)."""
import pytest

from gameplatform.matches.inputs import ACTION_INVALID
from gameplatform.realtime.messages import (
    ClientError,
    ClientMessage,
    decode_frame,
    parse_message,
)


def test_the_three_messages_parse():
    assert parse_message({"type": "sync"}) == ClientMessage(kind="sync")
    assert parse_message({"type": "resume"}) == ClientMessage(kind="resume")
    msg = parse_message({"type": "action", "action": {"type": "roll"}, "expected_version": 0, "client_action_id": "x"})
    assert msg == ClientMessage(kind="action", action={"type": "roll"}, expected_version=0, client_action_id="x")


def test_errors_about_an_action_echo_its_client_action_id():
    with pytest.raises(ClientError) as err:
        parse_message({"type": "action", "action": [], "expected_version": 0, "client_action_id": "abc"})
    assert (err.value.code, err.value.message, err.value.field, err.value.client_action_id) == (
        "invalid_action", ACTION_INVALID, "action", "abc"
    )


def test_an_unexpected_field_name_is_echoed_at_most_40_characters():
    with pytest.raises(ClientError) as err:
        parse_message({"type": "sync", "k" * 500: 1})
    assert err.value.field == "k" * 40 and "k" * 41 not in err.value.message


def test_decode_frame_reads_json_text():
    assert decode_frame('{"type": "sync"}', None) == {"type": "sync"}


def test_decode_frame_refuses_binary_frames():
    with pytest.raises(ClientError):
        decode_frame(None, b"{}")
