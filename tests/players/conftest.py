"""Fixtures of the profile and settings tests: the podium game and ``finish`` come from
tests/ratings/fixtures.py (loaded by tests/conftest.py); ``client_for`` signs a test client in."""
import pytest
from django.test import Client


@pytest.fixture
def client_for():
    """``client_for(user, host="testserver")``: a Django test client signed in as ``user``."""

    def make(user=None, host: str = "testserver") -> Client:
        c = Client(HTTP_HOST=host)
        if user is not None:
            c.force_login(user)
        return c

    return make
