"""Root URLs: pages, the API under /api/v1/, its schema and docs, admin, health."""

from django.contrib import admin
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.health import healthz
from config.mail import PasswordResetDoneView, PasswordResetView
from config.paths import ids_bounded
from config.security import TokenObtainView
from scoring.views.invitations import SignInView
from scoring.views.offline import service_worker, web_manifest

api_v1 = [
    path("auth/token", TokenObtainView.as_view(), name="token"),
    path("", include("games.api.urls")),
    path("", include("scoring.api.urls")),
    path("", include("tournaments.api.urls")),
    path("", include("money.api.urls")),
    path("", include("scoring.api.people")),
    path("", include("scoring.api.invitations")),
]

# Django's account pages, three of them ours: the login page tells an account of the
# invitations waiting for it; the password reset pages say whether mail reaches
# anyone (config.mail).
accounts = [
    path("login/", SignInView.as_view(), name="login"),
    path("password_reset/", PasswordResetView.as_view(), name="password_reset"),
    path(
        "password_reset/done/",
        PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path("", include("django.contrib.auth.urls")),
]

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path(
        "favicon.ico",
        lambda request: HttpResponsePermanentRedirect(static("img/favicon.svg")),
    ),
    # The installable table pages (issue 31): the service worker from the root, so
    # that its scope is the whole site, and the web app manifest.
    path("sw.js", service_worker, name="service-worker"),
    path("manifest.webmanifest", web_manifest, name="web-manifest"),
    path("admin/", admin.site.urls),
    # The header's language switch (POST: set_language, the language cookie) and
    # the scripts' translations (static/js/*.js call gettext; base.html loads it).
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("accounts/", include(accounts)),
    path("api/v1/", include((api_v1, "api"), namespace="api")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path(
        "api/docs/",
        # The split view serves its script as a file (Content-Security-Policy).
        SpectacularSwaggerSplitView.as_view(
            url_name="schema", template_name="api_docs.html"
        ),
        name="api-docs",
    ),
    path("", include("scoring.urls")),
    path("", include("money.urls")),
    path("", include("tournaments.urls")),
    path("", include("games.urls")),
]
# An id past what the database holds is a 404, as a missing id (config.paths).
urlpatterns = ids_bounded(urlpatterns)

# Unknown URLs under /api/ answer in the API's JSON error shape (and everything else
# there that is not JSON: config.limits.ApiErrorMiddleware); a body found too large
# while it is read is a 413.
handler400 = "config.limits.bad_request"
handler404 = "scoring.api.views.api_not_found"
