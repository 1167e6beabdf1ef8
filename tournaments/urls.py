"""URLs of the tournament pages (the API is under ``/api/v1/``, see tournaments.api)."""

from django.urls import path

from tournaments import card_views, list_views, views

app_name = "tournaments"

urlpatterns = [
    path("tournaments/", list_views.tournament_list, name="list"),
    path("tournaments/new/", views.tournament_new, name="new"),
    path("tournaments/<int:tournament_id>/", views.tournament_public, name="public"),
    path(
        "tournaments/<int:tournament_id>/standings/",
        views.standings_fragment,
        name="standings",
    ),
    path(
        "tournaments/<int:tournament_id>/room/",
        views.tournament_room,
        name="room",
    ),
    path(
        "tournaments/<int:tournament_id>/entries/<int:entry_id>/",
        views.entry_history,
        name="entry",
    ),
    path(
        "tournaments/<int:tournament_id>/manage/",
        views.tournament_manage,
        name="manage",
    ),
    path(
        "tournaments/<int:tournament_id>/manage/tables/<int:table_id>/correct/",
        views.table_correct,
        name="table-correct",
    ),
    path(
        "tournaments/<int:tournament_id>/manage/act/",
        views.tournament_act,
        name="act",
    ),
    path(
        "tournaments/<int:tournament_id>/manage/rounds/<int:round_id>/cards/",
        card_views.round_table_cards,
        name="table-cards",
    ),
]
