"""URLs of the score-book pages (the API is under ``/api/v1/``, see scoring.api)."""

from django.urls import path

from scoring import nav_views, people_views, views

app_name = "scoring"

urlpatterns = [
    path("clubs/", views.club_list, name="clubs"),
    path("clubs/<int:club_id>/", views.club_detail, name="club"),
    path("clubs/<int:club_id>/players/", people_views.club_players, name="players"),
    path("clubs/<int:club_id>/search/", nav_views.club_search, name="search"),
    path("clubs/<int:club_id>/ratings/", people_views.club_ranking, name="ranking"),
    path("matches/", nav_views.my_matches, name="matches"),
    path(
        "clubs/<int:club_id>/players/<int:player_id>/edit/",
        people_views.player_edit,
        name="player-edit",
    ),
    path("players/<int:player_id>/", people_views.player_page, name="player"),
    path("clubs/<int:club_id>/matches/new/", views.match_new, name="match-new"),
    path("matches/<int:match_id>/", views.match_sheet, name="sheet"),
    path("matches/<int:match_id>/sheet.csv", views.match_sheet_csv, name="sheet-csv"),
    path("matches/<int:match_id>/chart.svg", views.match_chart, name="chart"),
    path("matches/<int:match_id>/finish/", views.match_finish, name="match-finish"),
    path("matches/<int:match_id>/abandon/", views.match_abandon, name="match-abandon"),
    path("matches/<int:match_id>/deals/new/", views.deal_new, name="deal-new"),
    path(
        "matches/<int:match_id>/deals/<int:number>/correct/",
        views.deal_correct,
        name="deal-correct",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/void/",
        views.deal_void,
        name="deal-void",
    ),
    path(
        "matches/<int:match_id>/deals/<int:number>/confirm/",
        views.deal_confirm,
        name="deal-confirm",
    ),
]
