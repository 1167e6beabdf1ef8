"""Mail: the backend comes from ``EMAIL_URL`` (files under var/mail/ without it),
and the password reset pages say honestly whether a message went anywhere.

Issue 29.9: the reset page said a mail was sent although no mail was configured.
"""

from __future__ import annotations

import importlib
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

RESET = "/accounts/password_reset/"

pytestmark = pytest.mark.django_db


@pytest.fixture
def aino(db):
    return get_user_model().objects.create_user(
        "aino", email="aino@example.org", password="pw"
    )


def _reloaded(monkeypatch, url: str | None):
    import config.settings.base as base

    if url is None:
        monkeypatch.delenv("EMAIL_URL", raising=False)
    else:
        monkeypatch.setenv("EMAIL_URL", url)
    try:
        reloaded = importlib.reload(base)
        return {k: getattr(reloaded, k) for k in dir(reloaded) if k.isupper()}
    finally:
        monkeypatch.undo()
        importlib.reload(base)


def test_without_email_url_mail_is_written_under_var_mail(monkeypatch):
    values = _reloaded(monkeypatch, None)
    assert values["EMAIL_BACKEND"].endswith("filebased.EmailBackend")
    assert values["EMAIL_FILE_PATH"] == values["VAR_DIR"] / "mail"
    assert values["KIRJURI_MAIL_DELIVERED"] is False


def test_smtp_comes_from_email_url(monkeypatch):
    values = _reloaded(monkeypatch, "smtp+tls://kirjuri:s3cret@mail.example.org:587")
    assert values["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (values["EMAIL_HOST"], values["EMAIL_PORT"]) == ("mail.example.org", 587)
    assert (values["EMAIL_HOST_USER"], values["EMAIL_HOST_PASSWORD"]) == (
        "kirjuri",
        "s3cret",
    )
    assert values["EMAIL_USE_TLS"] is True
    assert values["KIRJURI_MAIL_DELIVERED"] is True


def test_console_mail_is_not_delivered(monkeypatch):
    values = _reloaded(monkeypatch, "consolemail://")
    assert values["EMAIL_BACKEND"].endswith("console.EmailBackend")
    assert values["KIRJURI_MAIL_DELIVERED"] is False


def _done_page(client, email: str) -> str:
    response = client.post(RESET, {"email": email}, follow=True)
    assert response.status_code == 200
    # The page but its per-response CSRF tokens (the header's language switch).
    return re.sub(r'value="[A-Za-z0-9]{64}"', "", response.content.decode())


def test_without_mail_the_reset_pages_say_no_mail_is_sent(client, aino, settings):
    settings.KIRJURI_MAIL_DELIVERED = False
    settings.KIRJURI_MAIL_CONTACT = "Kortti's secretary (sihteeri@example.org)"
    form = client.get(RESET).content.decode()
    assert 'id="mail-not-set-up"' in form
    known = _done_page(client, "aino@example.org")
    unknown = _done_page(client, "nobody@example.org")
    for page in (known, unknown):
        assert "Mail is not set up" in page
        assert "sihteeri@example.org" in page
        assert "on its way" not in page
    assert known == unknown


def test_without_a_contact_the_club_admin_is_named(client, aino, settings):
    settings.KIRJURI_MAIL_DELIVERED = False
    settings.KIRJURI_MAIL_CONTACT = ""
    assert "Ask your club's admin" in _done_page(client, "aino@example.org")


def test_with_mail_the_page_does_not_tell_whether_the_address_is_known(
    client, aino, settings
):
    settings.KIRJURI_MAIL_DELIVERED = True
    assert 'id="mail-not-set-up"' not in client.get(RESET).content.decode()
    known = _done_page(client, "aino@example.org")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["aino@example.org"]
    assert "/accounts/reset/" in mail.outbox[0].body
    unknown = _done_page(client, "nobody@example.org")
    assert len(mail.outbox) == 1
    assert known == unknown
    assert "If an account has this email address" in known
    assert "Mail is not set up" not in known
