"""URLs of the money pages: the index of settlements, the sheets (the API is
:mod:`money.api.urls`)."""

from django.urls import path

from money import evening_views
from money import views as money_views

app_name = "money"

urlpatterns = [
    # The treasurer's way in (the header's "Money").
    path("money/", money_views.money_index, name="index"),
    # The treasurer's evenings, from the club page.
    path(
        "clubs/<int:club_id>/evenings/",
        evening_views.evening_list,
        name="evenings",
    ),
    path(
        "evenings/<int:session_id>/matches/",
        evening_views.evening_matches_add,
        name="evening-matches",
    ),
    path(
        "tournaments/<int:tournament_id>/prize-terms/",
        money_views.prize_terms_save,
        name="prize-terms",
    ),
    path(
        "settlements/<str:kind>/<int:source_id>/",
        money_views.settlement_sheet,
        name="sheet",
    ),
    path(
        "settlements/<str:kind>/<int:source_id>/settlement.csv",
        money_views.settlement_csv,
        name="sheet-csv",
    ),
    path(
        "settlements/<str:kind>/<int:source_id>/settle/",
        money_views.settlement_settle,
        name="settle",
    ),
    path(
        "settlements/<str:kind>/<int:source_id>/paid/",
        money_views.transfer_paid,
        name="paid",
    ),
]
