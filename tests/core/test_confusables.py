"""gameplatform.core.confusables: the pure UTS #39 part shared by usernames (accounts.names)
and community names and slugs (issue 27, point 1: "checked for ... look-alike names")."""
import pytest

from gameplatform.core import confusables


@pytest.mark.parametrize(("one", "other"), [
    ("Night Owls", "Night \u041ewls"),  # Cyrillic О
    ("Night Owls", "\uff2e\uff49\uff47\uff48\uff54 \uff2f\uff57\uff4c\uff53"),  # full-width
    ("Night Owls", "NIGHT OWLS"),
    ("owls", "0wls"),
    ("modern", "rnodern"),
    ("Alice", "AIice"),  # a capital I for an l, as written
])
def test_look_alikes_share_a_skeleton(one, other):
    assert confusables.skeletons(one) & confusables.skeletons(other)


@pytest.mark.parametrize(("one", "other"), [("owls", "owis"), ("Night Owls", "Night Larks"), ("hex", "hexa")])
def test_different_names_do_not(one, other):
    assert not confusables.skeletons(one) & confusables.skeletons(other)


def test_scripts_and_stray_letters():
    assert confusables.scripts("owls") == {"LATIN"}
    assert confusables.scripts_ok("\u65e5\u672c\u3054") and not confusables.scripts_ok("\u0430lice")
    assert confusables.stray_letters("\u0430lice") == "\u0430 (U+0430)"
    assert confusables.stray_letters("alice") == ""
