"""Bugs found by trying the studio as its users would (a teacher, a script, a hostile client on
the classroom's network): each test failed before its fix."""

from __future__ import annotations

import pytest

from generator.web.security import MAX_FAILURES, loopback
from tests.studio_helpers import studio_client


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with studio_client(tmp_path_factory.mktemp("studio-qa-cache")) as client:
        yield client


def test_a_name_that_only_starts_with_127_is_no_loopback():
    # 127.0.0.1.nip.io resolves to 127.0.0.1, and a rebinding attacker's name can too
    assert loopback("127.0.0.1") and loopback("127.5.6.7") and loopback("[::1]")
    assert not loopback("127.0.0.1.nip.io")
    assert not loopback("127.attacker.example")


def test_on_loopback_a_host_name_starting_with_127_is_refused(client):
    for host in ("127.0.0.1.nip.io:8000", "127.attacker.example:8000"):
        answer = client.get("/api/regions?q=brest", headers={"host": host})
        assert answer.status_code == 403, host


def test_wrong_codes_in_the_header_are_throttled_too(tmp_path):
    with studio_client(tmp_path, code="1234 5678", base="http://192.0.2.10:8000") as client:
        for _ in range(MAX_FAILURES):
            wrong = client.get("/api/regions?q=brest", headers={"x-access-code": "0000 0000"})
            assert wrong.status_code == 403
        guessed = client.get("/api/regions?q=brest", headers={"x-access-code": "1234 5678"})
        assert guessed.status_code == 429
        assert "error" in guessed.json()
