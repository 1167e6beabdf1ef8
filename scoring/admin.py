"""Admin for the score book: read-mostly. Deals change only through the services
(the entry pages and the API), so that every change is verified, re-folded and kept
as a revision; the admin shows them and can re-fold a match, and nothing of a match's
history can be deleted here.
"""

from django.contrib import admin, messages
from django.utils.translation import gettext, gettext_lazy

from scoring import services
from scoring.errors import NotAllowed
from scoring.models import (
    Club,
    Deal,
    DealRevision,
    IdempotencyKey,
    Invitation,
    InvitationAcceptance,
    Match,
    MatchEvent,
    Membership,
    Player,
    Seat,
    TableLinkRevocation,
)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("player",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "time_zone", "language", "created_at")
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


class MatchEventInline(ReadOnlyInline):
    """Who or what finished, abandoned or reopened the match, and why."""

    model = MatchEvent
    fields = ("kind", "after_deal", "reason", "by", "via", "seat", "at")
    readonly_fields = ("at",)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("pk", "game", "club", "status", "totals", "needs_attention")
    list_filter = ("status", "game", "needs_attention", "is_public")
    search_fields = ("club__name", "seats__player__display_name")
    inlines = [SeatInline, DealInline, MatchEventInline]
    actions = ["refold"]

    @admin.action(
        description=gettext_lazy("Re-fold the selected matches from their deals")
    )
    def refold(self, request, queryset):
        for match in queryset:
            services.match_refold(match=match)
        messages.success(
            request,
            gettext("Re-folded %(count)s match(es).") % {"count": queryset.count()},
        )


class RevisionInline(ReadOnlyInline):
    model = DealRevision
    fields = ("kind", "deal_version", "input", "reason", "by", "via", "seat", "at")
    readonly_fields = ("at",)


@admin.register(Deal)
class DealAdmin(ReadOnlyAdmin):
    list_display = ("match", "number", "status", "version", "entered_by", "entered_at")
    list_filter = ("status",)
    inlines = [RevisionInline]


@admin.register(IdempotencyKey)
class IdempotencyKeyAdmin(ReadOnlyAdmin):
    list_display = ("key", "user", "response_status", "created_at")


# -- people at the tables (invitations, table links) ---------------------------------


class AcceptanceInline(ReadOnlyInline):
    model = InvitationAcceptance
    fields = ("user", "player", "at")
    readonly_fields = ("at",)


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin):
    """Invitations are made and revoked on the club's pages (or the API), through
    the services; here they are read, and revoked in bulk. Never deleted."""

    list_display = (
        "pk",
        "club",
        "role",
        "player",
        "max_uses",
        "expires_at",
        "revoked_at",
    )
    list_filter = ("role", "club")
    search_fields = ("club__name", "player__display_name", "note")
    exclude = ("token",)
    inlines = [AcceptanceInline]
    actions = ["revoke"]

    @admin.action(description=gettext_lazy("Revoke the selected invitations"))
    def revoke(self, request, queryset):
        done = 0
        for invitation in queryset:
            try:
                services.invitation_revoke(invitation=invitation, by=request.user)
            except NotAllowed as exc:
                messages.error(
                    request,
                    f"#{invitation.pk}: {exc.message}",
                )
            else:
                done += 1
        messages.success(
            request, gettext("Revoked %(done)s invitation(s).") % {"done": done}
        )


@admin.register(TableLinkRevocation)
class TableLinkRevocationAdmin(ReadOnlyAdmin):
    list_display = ("match", "reason", "by", "at")
    search_fields = ("match__club__name", "reason")
