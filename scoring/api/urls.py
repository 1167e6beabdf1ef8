"""Routes of the score-book API (mounted under /api/v1/, namespace ``api``)."""

from django.urls import path

from scoring.api import table_links, views

urlpatterns = [
    path("clubs/", views.ClubListApi.as_view(), name="club-list"),
    path("clubs/<int:club_id>/", views.ClubDetailApi.as_view(), name="club-detail"),
    path(
        "clubs/<int:club_id>/players/",
        views.PlayerListApi.as_view(),
        name="club-player-list",
    ),
    path(
        "clubs/<int:club_id>/players/<int:player_id>/",
        views.PlayerDetailApi.as_view(),
        name="club-player-detail",
    ),
    path(
        "clubs/<int:club_id>/memberships/",
        views.MembershipListApi.as_view(),
        name="club-membership-list",
    ),
    path(
        "clubs/<int:club_id>/memberships/<int:membership_id>/",
        views.MembershipDetailApi.as_view(),
        name="club-membership-detail",
    ),
    path(
        "clubs/<int:club_id>/matches/",
        views.ClubMatchListApi.as_view(),
        name="club-match-list",
    ),
    path("matches/", views.MatchListApi.as_view(), name="match-list"),
    path(
        "matches/<int:match_id>/", views.MatchDetailApi.as_view(), name="match-detail"
    ),
    path(
        "matches/<int:match_id>/sheet",
        views.MatchSheetApi.as_view(),
        name="match-sheet",
    ),
    path(
        "matches/<int:match_id>/deal-schema",
        views.MatchDealSchemaApi.as_view(),
        name="match-deal-schema",
    ),
    path(
        "matches/<int:match_id>/finish",
        views.MatchFinishApi.as_view(),
        name="match-finish",
    ),
    path(
        "matches/<int:match_id>/abandon",
        views.MatchAbandonApi.as_view(),
        name="match-abandon",
    ),
    path(
        "matches/<int:match_id>/reopen",
        views.MatchReopenApi.as_view(),
        name="match-reopen",
    ),
    path(
        "matches/<int:match_id>/table-queue",
        views.MatchTableQueueApi.as_view(),
        name="match-table-queue",
    ),
    path(
        "matches/<int:match_id>/deals/",
        views.DealListApi.as_view(),
        name="match-deal-list",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/",
        views.DealDetailApi.as_view(),
        name="match-deal-detail",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/correct",
        views.DealCorrectApi.as_view(),
        name="match-deal-correct",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/void",
        views.DealVoidApi.as_view(),
        name="match-deal-void",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/confirm",
        views.DealConfirmApi.as_view(),
        name="match-deal-confirm",
    ),
]

# The phones of a table link (no account): scoring/api/table_links.py.
urlpatterns += table_links.urlpatterns
