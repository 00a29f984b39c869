"""The studio in a classroom, as a phone on the classroom's network reaches it: ``pnp serve
--host 0.0.0.0`` and Chromium opening it by a name that is not loopback (``classroom.test``,
mapped to 127.0.0.1 by Chromium's resolver). Such an origin is not "potentially trustworthy"
(plain HTTP, not localhost): Chromium sends no ``Sec-Fetch-*`` headers there, and the studio's
origin check reads ``Origin`` alone. The QA pass found every sign-in refused there (the pages
said ``Referrer-Policy: no-referrer``, which makes a form's POST carry ``Origin: null``); the
other browser tests browse http://127.0.0.1, a trustworthy origin, and never saw it.

Real key presses and clicks; the server, Chromium and their skip are
:mod:`tests.test_studio_browser`'s.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tests import test_studio_browser as teacher
from tests.test_studio_browser import CHROMIUM, FLAGS, running_studio, settled

pytestmark = teacher.pytestmark  # Chromium or CI, and slow

CODE = "1357 2468"
NAME = "classroom.test"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """``pnp serve --host 0.0.0.0``; the address a phone types, by a non-loopback name."""
    cache = tmp_path_factory.mktemp("classroom-cache")
    with running_studio(cache, "--host", "0.0.0.0", "--access-code", CODE) as address:
        yield f"http://{NAME}:{urlsplit(address).port}"


@pytest.fixture(scope="module")
def phone_browser():
    assert CHROMIUM, "CI=true but chromium is not installed: apt-get install -y chromium"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[*FLAGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"],
        )
        yield chromium
        chromium.close()


def sign_in(page) -> dict[str, str]:
    """The code typed in the login form and sent with Enter; the headers of that POST."""
    page.wait_for_url(re.compile(r"/login\?"))
    page.locator("#code").click()
    page.keyboard.type(CODE, delay=20)
    with page.expect_request(lambda asked: asked.method == "POST") as posted:
        page.keyboard.press("Enter")
    headers: dict[str, str] = posted.value.all_headers()
    return headers


def test_a_phone_on_the_classroom_network_signs_in_builds_and_referees(
    classroom, phone_browser, tmp_path
):
    context = phone_browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", is_mobile=True, has_touch=True
    )
    page = context.new_page()
    failures: list[str] = []
    page.on("response", lambda answer: answer.status >= 400 and failures.append(answer.url))
    page.goto(f"{classroom}/oucedonc")
    sent = sign_in(page)
    # an untrustworthy origin: what a phone at http://192.168.x.y sends
    assert "sec-fetch-site" not in sent, sent
    assert sent.get("origin") == classroom, sent
    page.wait_for_url(f"{classroom}/oucedonc")

    # a change: the deck built (POST /api/decks from the page's script)
    page.locator("#region-search").click()
    page.keyboard.type("Finis", delay=40)
    page.locator("#region-list li[role=option]", has_text="Finistère").first.wait_for()
    with page.expect_response(re.compile(r"/api/decks$")) as built:
        page.keyboard.press("Enter")
    assert built.value.status == 200, built.value.text()
    page.locator("#cards-grid li.card").first.wait_for()
    settled(page)
    deck = built.value.json()

    # the table's phones: the page with the QR code, then the referee at its address
    page.get_by_role("link", name="L’arbitre sur téléphone").click()
    page.wait_for_url(re.compile(rf"/phone/{deck['id']}$"))
    assert page.locator(".qr svg").count() == 1
    address = page.locator(".address a")
    assert address.inner_text().endswith(f"/referee/{deck['id']}")
    teacher.photograph(page, teacher.shots_folder(tmp_path), "classroom-phone-qr")
    address.click()
    page.wait_for_url(re.compile(rf"/(login\?|referee/{deck['id']}$)"))
    if "/login?" in page.url:
        sign_in(page)  # the QR's address is another host name: its own cookie
    page.wait_for_url(re.compile(rf"/referee/{deck['id']}$"))
    page.locator("#a").click()
    page.keyboard.type("P01", delay=40)
    page.get_by_role("button", name="au nord de").click()
    page.locator("#b").click()
    page.keyboard.type("P02", delay=40)
    page.locator("#verdict .big").wait_for()
    teacher.photograph(page, teacher.shots_folder(tmp_path), "classroom-referee")
    assert failures == []
    context.close()


def test_too_many_wrong_codes_show_the_login_page_with_why(classroom, phone_browser, tmp_path):
    """Ten wrong codes showed the phone a line of JSON; it now sees the login form again, under
    the sentence saying to wait. (Last of the module: the server then makes 127.0.0.1 wait.)"""
    folder = teacher.shots_folder(tmp_path)
    for size, (width, height) in teacher.SIZES.items():
        context = phone_browser.new_context(
            viewport={"width": width, "height": height}, locale="fr-FR"
        )
        page = context.new_page()
        page.goto(f"{classroom}/oucedonc")
        page.wait_for_url(re.compile(r"/login\?"))
        while True:
            page.locator("#code").click()
            page.keyboard.type("0000 0000", delay=5)
            with page.expect_response(re.compile(r"/login$")) as sent:
                page.keyboard.press("Enter")
            if sent.value.status == 429:
                break
            assert sent.value.status == 403
            page.get_by_role("alert").wait_for()  # "not the code": the form, empty, again
        alert = page.get_by_role("alert")
        assert alert.inner_text() == "Trop de mauvais codes\u00a0; attendez une minute et réessayez"
        assert page.get_by_role("button", name="Ouvrir le studio").count() == 1
        assert page.locator("input[name=next]").get_attribute("value") == "/oucedonc"
        teacher.photograph(page, folder, f"login-wait-{size}")
        context.close()
