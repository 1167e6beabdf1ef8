"""Admin for the score book: read-mostly. Deals change only through the services
(the entry pages and the API), so that every change is verified, re-folded and kept
as a revision; the admin shows them and can re-fold a match, and nothing of a match's
history can be deleted here.
"""

from django.contrib import admin, messages

from scoring import services
from scoring.models import (
    Club,
    Deal,
    DealRevision,
    IdempotencyKey,
    Match,
    Membership,
    Player,
    Seat,
)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("player",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "time_zone", "created_at")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("display_name", "user", "created_at")
    search_fields = ("display_name", "user__username")
    raw_id_fields = ("user",)


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("position", "side", "player")


class DealInline(ReadOnlyInline):
    model = Deal
    fields = ("number", "status", "input", "totals", "version", "entered_by")
    show_change_link = True


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("pk", "game", "club", "status", "totals", "needs_attention")
    list_filter = ("status", "game", "needs_attention", "is_public")
    search_fields = ("club__name", "seats__player__display_name")
    inlines = [SeatInline, DealInline]
    actions = ["refold"]

    @admin.action(description="Re-fold the selected matches from their deals")
    def refold(self, request, queryset):
        for match in queryset:
            services.match_refold(match=match)
        messages.success(request, f"Re-folded {queryset.count()} match(es).")


class RevisionInline(ReadOnlyInline):
    model = DealRevision
    fields = ("kind", "deal_version", "input", "reason", "by", "at")
    readonly_fields = ("at",)


@admin.register(Deal)
class DealAdmin(ReadOnlyAdmin):
    list_display = ("match", "number", "status", "version", "entered_by", "entered_at")
    list_filter = ("status",)
    inlines = [RevisionInline]


@admin.register(IdempotencyKey)
class IdempotencyKeyAdmin(ReadOnlyAdmin):
    list_display = ("key", "user", "response_status", "created_at")
