"""Mail: whether this server really sends any, and password reset pages that say so.

``EMAIL_URL`` (django-environ's ``email_url``: ``smtp+tls://user:pw@host:587``,
``consolemail://``, ``filemail://``) chooses the backend; without it mail is
written to files under ``var/mail/`` (the embedded default: a club running Kirjuri
on a laptop has no mail server, and whoever runs it can open the file).

Only an SMTP backend reaches a person (``KIRJURI_MAIL_DELIVERED``, decided from
``EMAIL_URL`` when the settings load). The password reset pages say what happened:
with delivered mail, the usual "if an account has this address, a message is on its
way" — the same whether the address is known or not; without, that this server
sends no mail and whom to ask (``KIRJURI_MAIL_CONTACT``, else the club's admins),
before the form is even filled in.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views


def mail_context() -> dict[str, Any]:
    return {
        "mail_delivered": bool(getattr(settings, "KIRJURI_MAIL_DELIVERED", False)),
        "mail_contact": getattr(settings, "KIRJURI_MAIL_CONTACT", ""),
    }


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset form, with the pages' honesty about mail."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), **mail_context()}


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), **mail_context()}
