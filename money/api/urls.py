"""Routes of the money API (mounted under /api/v1/, namespace ``api``)."""

from django.urls import path

from money.api import views

urlpatterns = [
    path(
        "tournaments/<int:tournament_id>/prize-terms/",
        views.PrizeTermsApi.as_view(),
        name="tournament-prize-terms",
    ),
    path(
        "matches/<int:match_id>/settlement",
        views.MatchSettlementApi.as_view(),
        name="match-settlement",
    ),
    path(
        "matches/<int:match_id>/money-terms",
        views.MatchTermsApi.as_view(),
        name="match-money-terms",
    ),
    path(
        "clubs/<int:club_id>/sessions/",
        views.SessionListApi.as_view(),
        name="club-session-list",
    ),
    path(
        "sessions/<int:session_id>/",
        views.SessionDetailApi.as_view(),
        name="session-detail",
    ),
    path(
        "sessions/<int:session_id>/matches",
        views.SessionMatchesApi.as_view(),
        name="session-matches",
    ),
    path(
        "sessions/<int:session_id>/settlement",
        views.SessionSettlementApi.as_view(),
        name="session-settlement",
    ),
    path(
        "tournaments/<int:tournament_id>/settlement",
        views.TournamentSettlementApi.as_view(),
        name="tournament-settlement",
    ),
    path(
        "settlements/<str:kind>/<int:source_id>/payments",
        views.PaymentListApi.as_view(),
        name="settlement-payments",
    ),
    path(
        "payments/<int:entry_id>/undo",
        views.PaymentUndoApi.as_view(),
        name="payment-undo",
    ),
]
