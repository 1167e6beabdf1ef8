"""Routes of the tournaments API (mounted under /api/v1/, namespace ``api``)."""

from django.urls import path

from tournaments.api import views

urlpatterns = [
    path("tournaments/", views.TournamentListApi.as_view(), name="tournament-list"),
    path(
        "tournaments/<int:tournament_id>/",
        views.TournamentDetailApi.as_view(),
        name="tournament-detail",
    ),
    path(
        "tournaments/<int:tournament_id>/close/",
        views.TournamentCloseApi.as_view(),
        name="tournament-close",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/",
        views.EntryListApi.as_view(),
        name="tournament-entry-list",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/withdraw/",
        views.EntryWithdrawApi.as_view(),
        name="tournament-entry-withdraw",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/",
        views.RoundListApi.as_view(),
        name="tournament-round-list",
    ),
    path(
        "tournaments/<int:tournament_id>/stages/",
        views.StageListApi.as_view(),
        name="tournament-stage-list",
    ),
    path(
        "tournaments/<int:tournament_id>/stages/<int:stage_id>/bracket/",
        views.BracketApi.as_view(),
        name="tournament-stage-bracket",
    ),
    path(
        "tournaments/<int:tournament_id>/stages/<int:stage_id>/rounds/",
        views.RoundGenerateApi.as_view(),
        name="tournament-round-generate",
    ),
    path(
        "tournaments/<int:tournament_id>/stages/<int:stage_id>/boards/",
        views.StageBoardsApi.as_view(),
        name="tournament-stage-boards",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/<int:round_id>/swap/",
        views.RoundSwapApi.as_view(),
        name="tournament-round-swap",
    ),
    *(
        path(
            f"tournaments/<int:tournament_id>/rounds/<int:round_id>/{action}/",
            views.RoundActionApi.as_view(round_action=action),
            name=f"tournament-round-{action}",
        )
        for action in ("start", "lock", "unlock")
    ),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_id>/corrections/",
        views.TableCorrectionApi.as_view(),
        name="tournament-table-corrections",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/",
        views.StandingsApi.as_view(),
        name="tournament-standings",
    ),
]
