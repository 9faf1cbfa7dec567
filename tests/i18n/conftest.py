"""The language tests leave the thread in English: a request in French activates French for
the thread (LocaleMiddleware never deactivates), and later tests call services directly."""
import pytest
from django.conf import settings
from django.utils import translation


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate(settings.LANGUAGE_CODE)
