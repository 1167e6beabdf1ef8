"""URLs of the score-book pages (the API is under ``/api/v1/``, see scoring.api)."""

from django.urls import path

from scoring.views import (
    clubs,
    deals,
    invitations,
    matches,
    mine,
    nav,
    people,
    table_links,
)

app_name = "scoring"

urlpatterns = [
    path("clubs/", clubs.club_list, name="clubs"),
    path("clubs/<int:club_id>/", clubs.club_detail, name="club"),
    path("clubs/<int:club_id>/players/", people.club_players, name="players"),
    path("clubs/<int:club_id>/search/", nav.club_search, name="search"),
    path("clubs/<int:club_id>/ratings/", people.club_ranking, name="ranking"),
    path("matches/", nav.my_matches, name="matches"),
    path(
        "clubs/<int:club_id>/players/<int:player_id>/edit/",
        people.player_edit,
        name="player-edit",
    ),
    path("players/<int:player_id>/", people.player_page, name="player"),
    path("clubs/<int:club_id>/matches/new/", matches.match_new, name="match-new"),
    path("matches/<int:match_id>/", matches.match_sheet, name="sheet"),
    path("matches/<int:match_id>/sheet.csv", matches.match_sheet_csv, name="sheet-csv"),
    path("matches/<int:match_id>/chart.svg", matches.match_chart, name="chart"),
    path("matches/<int:match_id>/finish/", matches.match_finish, name="match-finish"),
    path(
        "matches/<int:match_id>/abandon/", matches.match_abandon, name="match-abandon"
    ),
    path("matches/<int:match_id>/reopen/", matches.match_reopen, name="match-reopen"),
    path("matches/<int:match_id>/deals/new/", deals.deal_new, name="deal-new"),
    path(
        "matches/<int:match_id>/deals/<int:number>/correct/",
        deals.deal_correct,
        name="deal-correct",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/void/",
        deals.deal_void,
        name="deal-void",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/confirm/",
        deals.deal_confirm,
        name="deal-confirm",
    ),
    # People at the tables (issue 19): invitations, table links, my games.
    path(
        "clubs/<int:club_id>/invitations/",
        invitations.club_invitations,
        name="invitations",
    ),
    path(
        "clubs/<int:club_id>/invitations/<int:invitation_id>/",
        invitations.invitation_detail,
        name="invitation",
    ),
    path(
        "invite/<str:token>/",
        invitations.invitation_accept,
        name="invitation-accept",
    ),
    path("me/games/", mine.my_games, name="my-games"),
    path(
        "me/invitations/<int:invitation_id>/",
        invitations.invitation_respond,
        name="invitation-respond",
    ),
    path(
        "clubs/<int:club_id>/table-cards/",
        table_links.club_table_cards,
        name="club-table-cards",
    ),
    path(
        "matches/<int:match_id>/table-link/",
        table_links.match_table_link,
        name="table-link",
    ),
    path("t/<str:token>/", table_links.table_sheet, name="table"),
    path("t/<str:token>/deals/new/", table_links.table_deal_new, name="table-deal-new"),
    path("t/<str:token>/finish/", table_links.table_match_finish, name="table-finish"),
    path(
        "t/<str:token>/deals/<int:number>/confirm/",
        table_links.table_deal_confirm,
        name="table-deal-confirm",
    ),
]
