"""gameplatform.core.clientip: X-Forwarded-For is read only as many hops deep as there are trusted
proxies (TRUSTED_PROXY_COUNT, 0 by default: ignored)."""
import pytest
from django.test import RequestFactory

from gameplatform.core.clientip import UNKNOWN, address_bucket, client_ip, client_ip_from


@pytest.mark.parametrize(
    ("remote", "xff", "proxies", "expected"),
    [
        ("203.0.113.5", None, 0, "203.0.113.5"),
        ("203.0.113.5", "1.2.3.4", 0, "203.0.113.5"),  # no proxy: the header is the client's
        ("127.0.0.1", "198.51.100.7", 1, "198.51.100.7"),  # nginx overwrote it
        ("127.0.0.1", "6.6.6.6, 198.51.100.7", 1, "198.51.100.7"),  # the client's part ignored
        ("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.2", 2, "198.51.100.7"),
        ("127.0.0.1", "198.51.100.7", 2, "127.0.0.1"),  # fewer hops than proxies: the peer
        ("127.0.0.1", "not-an-address", 1, "127.0.0.1"),
        ("127.0.0.1", "[2001:db8::1]:443", 1, "2001:db8::1"),
        ("127.0.0.1", "198.51.100.7:5555", 1, "198.51.100.7"),
        ("", None, 0, UNKNOWN),
        ("garbage", None, 0, UNKNOWN),
    ],
)
def test_client_ip_from(remote, xff, proxies, expected):
    assert client_ip_from(remote_addr=remote, forwarded_for=xff, trusted_proxies=proxies) == expected


def test_client_ip_reads_the_setting(settings):
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="5.6.7.8, 198.51.100.7")
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(request) == "127.0.0.1"
    settings.TRUSTED_PROXY_COUNT = 1
    assert client_ip(request) == "198.51.100.7"


def test_ipv6_clients_count_by_their_64():
    assert address_bucket("2001:db8:1:2:aaaa::1") == address_bucket("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert address_bucket("2001:db8:1:3::1") != address_bucket("2001:db8:1:2::1")
    assert address_bucket("::ffff:192.0.2.1") == "192.0.2.1"
    assert address_bucket("192.0.2.1") == "192.0.2.1"


def test_drf_and_axes_and_allauth_use_it(settings, rf):
    from allauth.account.adapter import get_adapter
    from axes.helpers import get_client_ip_address

    from gameplatform.api.views import TokenThrottle

    settings.TRUSTED_PROXY_COUNT = 0
    request = rf.post("/", REMOTE_ADDR="203.0.113.5", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert get_client_ip_address(request) == "203.0.113.5"
    assert get_adapter(request).get_client_ip(request) == "203.0.113.5"
    assert TokenThrottle().get_ident(request) == "203.0.113.5"
