"""URLs of the settlement pages (the API is scoring.money_api)."""

from django.urls import path

from scoring import money_views

app_name = "money"

urlpatterns = [
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
