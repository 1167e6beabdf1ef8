"""Admin for the money side: the ledger is read-only (entries are never edited;
corrections are reversal entries posted by :mod:`money.services`)."""

from __future__ import annotations

from django.contrib import admin

from money.models import LedgerEntry, Session, SettlementRecord


class _ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(_ReadOnly):
    list_display = (
        "id",
        "source_kind",
        "source_id",
        "kind",
        "line",
        "debit_kind",
        "debit_player",
        "credit_kind",
        "credit_player",
        "amount",
        "currency",
        "reverses",
        "created_at",
    )
    list_filter = ("source_kind", "kind", "currency")
    search_fields = ("line", "memo")


@admin.register(SettlementRecord)
class SettlementRecordAdmin(_ReadOnly):
    list_display = ("source_kind", "source_id", "status", "currency", "computed_at")
    list_filter = ("source_kind", "status")


@admin.register(Session)
class SessionAdmin(_ReadOnly):
    list_display = ("name", "club", "currency", "point_value", "team_mode")
