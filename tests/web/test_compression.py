"""Compressed answers (issue 14: "HTML and JSON answers are compressed", minding BREACH), by
the rule of gameplatform/core/compression.py: gzip for HTML and JSON; the CSRF token in a
compressed page is masked afresh each time; pages with any other secret are never
compressed."""
import gzip
import json

from django.middleware.csrf import _unmask_cipher_token

from gameplatform.core.compression import CompressionMiddleware
from tests.web.helpers import embedded_json

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def body_of(response) -> str:
    raw = response.content
    if response.get("Content-Encoding") == "gzip":
        raw = gzip.decompress(raw)
    return raw.decode()


def test_pages_and_api_answers_are_gzipped(finished_match, alice, client_for):
    client = client_for(alice)
    for path in (f"/matches/{finished_match.pk}/", f"/matches/{finished_match.pk}/replay/", "/",
                 f"/api/v1/matches/{finished_match.pk}/history/",
                 f"/api/v1/matches/{finished_match.pk}/replay/steps/?count=20"):
        response = client.get(path, **GZIP)
        assert response.status_code == 200, path
        assert response["Content-Encoding"] == "gzip", path
        assert "Accept-Encoding" in response["Vary"], path
        assert len(response.content) < len(body_of(response).encode()) / 2, path
        plain = client.get(path)  # a client that does not ask for it gets the same, uncompressed
        assert not plain.has_header("Content-Encoding")
        if path.startswith("/api/"):
            assert json.loads(body_of(response)) == plain.json()


def test_the_csrf_token_of_a_compressed_page_is_masked_afresh_each_time(active_match, alice, client_for):
    """BREACH needs the same secret bytes in every compressed answer: the match page's CSRF
    token (for the moves sent over HTTP) is a new masking of the secret each time."""
    client = client_for(alice)
    tokens = []
    for _ in range(3):
        response = client.get(f"/matches/{active_match.pk}/", **GZIP)
        assert response["Content-Encoding"] == "gzip"
        page = body_of(response)
        config = json.loads(page.split('<script id="match-config" type="application/json">')[1].split("</script>")[0])
        tokens.append(config["csrf_token"])
        secret = client.cookies["csrftoken"].value
        assert secret not in page  # the cookie's secret itself never reaches a body
        assert _unmask_cipher_token(config["csrf_token"]) == secret
    assert len(set(tokens)) == 3


def test_answers_carrying_other_secrets_are_never_compressed(tenant, alice, client_for, make_user):
    from gameplatform.tenants.models import Membership

    owner = make_user("owner")
    Membership.objects.filter(user=owner, tenant=tenant).update(role=Membership.Role.OWNER)
    anonymous = client_for()
    token = anonymous.post("/api/v1/auth/token/", {"username": "alice", "password": "pw-not-used-9"},
                           content_type="application/json", **GZIP)
    assert token.status_code == 200 and "token" in token.json()
    community = client_for(owner).get(f"/communities/{tenant.slug}/", **GZIP)
    login = anonymous.get("/accounts/login/", **GZIP)
    for response in (token, login, community):
        assert response.status_code == 200 and len(response.content) > 0
        assert not response.has_header("Content-Encoding"), response.wsgi_request.path
    assert len(login.content) > 1000 and len(community.content) > 1000  # worth compressing, yet not
    for path in ("/api/v1/auth/token/", "/admin/matches/match/", "/accounts/password/reset/key/x/"):
        assert CompressionMiddleware.excluded(path), path
    assert not CompressionMiddleware.excluded("/matches/1/")


def test_embedded_json_still_reads_after_decompression(finished_match, alice, client_for):
    response = client_for(alice).get(f"/matches/{finished_match.pk}/replay/", **GZIP)

    class Plain:
        content = body_of(response).encode()

    assert embedded_json(Plain, "match-replay")["step_count"] == finished_match.moves.count() + 1
