"""Shapes of the score-book API: ``*In`` validate a request body, ``*Out`` describe a
response (and the OpenAPI schema). No serializer writes: views pass validated data to
:mod:`scoring.services`.

Fields that decide ownership or status (club, status, version, totals, entered_by …)
appear only in ``*Out`` serializers, so a request body cannot set them (unknown fields
are ignored).

Accounts are the club's business: what names an account (a seat's ``username``, a
deal's ``entered_by``/``confirmed_by``/``rival_entered_by``, a revision's ``by``) is
given to the members of the object's club only and is ``null`` for anyone else (a
public match read anonymously or by another club's member), who see player names.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.api import (
    MoneyField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSlugField,
)
from config.bounds import STAKE
from games.api.serializers import ErrorListSerializer, ErrorSerializer
from scoring import permissions, selectors
from scoring.currencies import CURRENCIES
from scoring.models import Role

__all__ = ["ErrorListSerializer", "ErrorSerializer"]

_INT = {"min_value": 1, "max_value": 2**31 - 1}


def reader_sees_accounts(context: dict[str, Any], club_id: int | None) -> bool:
    """Is the request's user a member of the club (who may see account names)?

    Without a request in the context, no: a serializer used without one shows player
    names only. The answer is kept on the request (one query per club and request).
    """
    request = context.get("request")
    user = getattr(request, "user", None)
    if club_id is None or user is None or not user.is_authenticated:
        return False
    known = request.__dict__.setdefault("_kirjuri_member_of", {})
    if club_id not in known:
        known[club_id] = permissions.may_read_club(user, club_id)
    return known[club_id]


def reader_is_member(request: Any, club_id: int) -> None:
    """Record on ``request`` that its user is a member of the club (a view that has
    just checked it, e.g. with ``may_score``): the answer's serializers then ask
    :func:`reader_sees_accounts` without a query."""
    request.__dict__.setdefault("_kirjuri_member_of", {})[club_id] = True


def _blank(data: Any, path: list[str]) -> None:
    if not path or data is None:
        return
    head, rest = path[0], path[1:]
    items = data if head == "*" else None
    if items is not None:
        for item in items:
            _blank(item, rest)
    elif not rest:
        if head in data:
            data[head] = None
    else:
        _blank(data.get(head), rest)


class ClubPrivate:
    """Mixin of an output serializer: the ``private`` fields (dotted paths, ``*`` for
    each item of a list) are ``null`` unless the reader is a member of the club."""

    private: tuple[str, ...] = ()

    def club_id_of(self, instance: Any) -> int | None:
        return self.context.get("club_id")

    def to_representation(self, instance: Any) -> Any:
        data = super().to_representation(instance)
        if not reader_sees_accounts(self.context, self.club_id_of(instance)):
            for path in self.private:
                _blank(data, path.split("."))
        return data


CURRENCY_CODES = sorted(CURRENCIES)
"""The ISO 4217 codes (one enum in the OpenAPI schema: ``CurrencyEnum``)."""


class CurrencyField(serializers.ChoiceField):
    """An ISO 4217 code, exactly (upper case): ``"eur"`` is refused, not guessed."""

    def __init__(self, **kwargs):
        super().__init__(choices=CURRENCY_CODES, **kwargs)

    def to_internal_value(self, data):
        if data == "" and self.allow_blank:
            return ""
        if isinstance(data, str) and data in CURRENCIES:
            return data
        raise serializers.ValidationError(
            gettext("%(data)r is not an ISO 4217 currency code (upper case, e.g. EUR).")
            % {"data": data},
            code="unknown_currency",
        )


class ConflictSerializer(ErrorListSerializer):
    """A 409: what went wrong and the match as it stands now."""

    match = serializers.JSONField(required=False)


# -- clubs, players, memberships --------------------------------------------------


class ClubOut(serializers.Serializer):
    id = StrictIntegerField()
    name = StrictCharField()
    slug = StrictCharField()
    # The club pages' default language ("fi", "en"; "": each reader's browser).
    language = StrictCharField()
    created_at = serializers.DateTimeField()


class ClubIn(serializers.Serializer):
    name = StrictCharField(max_length=120)
    slug = StrictSlugField(max_length=64, required=False, allow_blank=True)


class ClubUpdateIn(serializers.Serializer):
    name = StrictCharField(max_length=120)


class PlayerOut(serializers.Serializer):
    """A player; ``username`` is shown to the account's own holder only (``null``
    to everyone else, so that linking a player reveals no account)."""

    id = StrictIntegerField()
    display_name = StrictCharField()
    username = StrictCharField(source="user.username", allow_null=True, default=None)

    def to_representation(self, instance: Any) -> Any:
        data = super().to_representation(instance)
        request = self.context.get("request")
        reader = getattr(request, "user", None)
        if reader is None or reader.pk is None or reader.pk != instance.user_id:
            data["username"] = None
        return data


class PlayerIn(serializers.Serializer):
    display_name = StrictCharField(max_length=80)
    role = serializers.ChoiceField(choices=Role.choices, default=Role.MEMBER)
    username = StrictCharField(
        max_length=150,
        required=False,
        allow_blank=True,
        help_text="Link the player to this user account, if it exists and has no "
        "player yet (the answer is the same either way).",
    )
    allow_duplicate = StrictBooleanField(
        default=False,
        help_text="Add the player even though a player of the club's clubs has a "
        "name that differs only in case, accents or spacing (otherwise 400 "
        "near_duplicate, listing them).",
    )


class PlayerUpdateIn(serializers.Serializer):
    display_name = StrictCharField(max_length=80)


class MembershipOut(serializers.Serializer):
    id = StrictIntegerField()
    club = StrictIntegerField(source="club_id")
    player = PlayerOut()
    role = serializers.ChoiceField(choices=Role.choices)
    joined_at = serializers.DateTimeField()


class MembershipIn(serializers.Serializer):
    player = StrictIntegerField(**_INT)
    role = serializers.ChoiceField(choices=Role.choices, default=Role.MEMBER)


class MembershipUpdateIn(serializers.Serializer):
    role = serializers.ChoiceField(choices=Role.choices)


# -- matches ------------------------------------------------------------------------


class SeatIn(serializers.Serializer):
    player = StrictIntegerField(**_INT)
    side = StrictIntegerField(min_value=0, max_value=15)


class MatchIn(serializers.Serializer):
    game = StrictSlugField(max_length=64)
    options = serializers.DictField(required=False, default=dict)
    seats = SeatIn(many=True, min_length=1, max_length=16)
    first_dealer = StrictIntegerField(min_value=0, max_value=15, default=0)
    point_value = MoneyField(
        STAKE, required=False, allow_null=True, label=_("Value of a point")
    )
    currency = CurrencyField(required=False, allow_blank=True)
    is_public = StrictBooleanField(default=False)
    double_entry = StrictBooleanField(default=False)
    scorers = serializers.ListField(
        child=StrictIntegerField(**_INT), required=False, default=list, max_length=16
    )


class MatchUpdateIn(serializers.Serializer):
    is_public = StrictBooleanField()


class MatchAbandonIn(serializers.Serializer):
    reason = StrictCharField(max_length=500, required=False, allow_blank=True)


class MatchReopenIn(serializers.Serializer):
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True)


class SeatOut(serializers.Serializer):
    position = StrictIntegerField()
    side = StrictIntegerField()
    player = PlayerOut()


class SideOut(serializers.Serializer):
    side = StrictIntegerField()
    label = StrictCharField()
    players = serializers.JSONField()
    seats = serializers.ListField(child=StrictIntegerField())


class MatchOut(ClubPrivate, serializers.Serializer):
    private = ("seats.*.player.username",)

    def club_id_of(self, instance: Any) -> int | None:
        return instance.club_id

    id = StrictIntegerField()
    club = StrictIntegerField(source="club_id")
    game = StrictCharField(source="game_id")
    options = serializers.JSONField()
    seats = SeatOut(many=True, source="seats.all")
    first_dealer = StrictIntegerField()
    point_value = serializers.DecimalField(
        max_digits=12, decimal_places=4, allow_null=True
    )
    currency = StrictCharField()
    status = StrictCharField()
    is_public = StrictBooleanField()
    double_entry = StrictBooleanField()
    started_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    end_reason = StrictCharField()
    totals = serializers.ListField(child=StrictIntegerField())
    leaders = serializers.ListField(child=StrictIntegerField())
    winners = serializers.ListField(child=StrictIntegerField())
    finished = StrictBooleanField(help_text="The rules say the match is decided.")
    open_ended = serializers.SerializerMethodField(
        help_text="The game sets no end its rules reach (a chip game played until "
        "the players stop): the table finishes the match by hand "
        "(`POST .../finish`), its totals the result."
    )
    needs_attention = StrictBooleanField(
        help_text="Some deal is flagged: the rules reject it as the match stands."
    )
    next_deal = serializers.JSONField(
        allow_null=True,
        help_text="The engine's context for the next deal; `number` is the sheet's.",
    )
    state = serializers.JSONField(help_text="The engine's game-specific match state.")
    version = StrictIntegerField()

    @extend_schema_field({"type": "boolean"})
    def get_open_ended(self, match: Any) -> bool:
        return selectors.match_goal_get(match).open_ended


class MatchStateOut(serializers.Serializer):
    id = StrictIntegerField()
    version = StrictIntegerField()
    status = StrictCharField()
    totals = serializers.ListField(child=StrictIntegerField())
    leaders = serializers.ListField(child=StrictIntegerField())
    winners = serializers.ListField(child=StrictIntegerField())
    finished = StrictBooleanField()
    needs_attention = StrictBooleanField()
    next_deal = serializers.JSONField(allow_null=True)
    deals = serializers.JSONField()


class SheetRowOut(serializers.Serializer):
    number = StrictIntegerField()
    status = StrictCharField()
    points = serializers.JSONField(allow_null=True)
    totals = serializers.JSONField(allow_null=True)
    verified = StrictBooleanField(allow_null=True)
    facts = serializers.JSONField()
    errors = serializers.JSONField()
    version = StrictIntegerField()
    entered_by = StrictCharField(allow_null=True)


class SheetOut(ClubPrivate, serializers.Serializer):
    private = ("rows.*.entered_by",)

    match = StrictIntegerField()
    game = StrictCharField()
    status = StrictCharField()
    version = StrictIntegerField()
    sides = SideOut(many=True)
    rows = SheetRowOut(many=True)
    totals = serializers.ListField(child=StrictIntegerField())
    leaders = serializers.ListField(child=StrictIntegerField())
    winners = serializers.ListField(child=StrictIntegerField())
    finished = StrictBooleanField()
    needs_attention = StrictBooleanField()
    next_deal = serializers.JSONField(allow_null=True)


class DealSchemaOut(serializers.Serializer):
    game = StrictCharField()
    name = StrictCharField()
    options = serializers.JSONField()
    deal_schema = serializers.JSONField(help_text="JSON Schema of one deal's input.")


# -- deals --------------------------------------------------------------------------


class DealOut(ClubPrivate, serializers.Serializer):
    private = ("entered_by", "confirmed_by", "rival_entered_by")

    number = StrictIntegerField()
    status = StrictCharField()
    input = serializers.JSONField(help_text="The deal exactly as entered.")
    result = serializers.JSONField(
        allow_null=True, help_text="The engine's score of the deal."
    )
    errors = serializers.JSONField(help_text="The engine's errors when flagged.")
    totals = serializers.JSONField(help_text="Running totals after this deal.")
    version = StrictIntegerField()
    entered_by = StrictCharField(
        source="entered_by.username", allow_null=True, default=None
    )
    entered_at = serializers.DateTimeField()
    confirmed_by = StrictCharField(
        source="confirmed_by.username", allow_null=True, default=None
    )
    confirmed_at = serializers.DateTimeField(allow_null=True)
    rival_input = serializers.JSONField(
        allow_null=True, help_text="Double entry: the second, different entry."
    )
    rival_entered_by = StrictCharField(
        source="rival_entered_by.username", allow_null=True, default=None
    )


class RevisionOut(serializers.Serializer):
    kind = StrictCharField()
    deal_version = StrictIntegerField()
    input = serializers.JSONField(allow_null=True)
    reason = StrictCharField()
    by = StrictCharField(source="by.username", allow_null=True, default=None)
    via = StrictCharField(
        help_text='"table_link" when entered or confirmed through the match\'s '
        "table link (no account), else empty."
    )
    seat = StrictIntegerField(
        allow_null=True, help_text="Through the table link: the seat the phone chose."
    )
    at = serializers.DateTimeField()


class DealDetailOut(DealOut):
    private = (*DealOut.private, "revisions.*.by")

    revisions = RevisionOut(many=True, source="revisions.all")


class DealWriteOut(serializers.Serializer):
    deal = DealOut()
    match = MatchStateOut()


class DealSubmitIn(serializers.Serializer):
    number = StrictIntegerField(
        **_INT, help_text="The deal's number on the sheet: the match's next deal."
    )
    input = serializers.JSONField(help_text="The deal as the game declares it.")


class DealCorrectIn(serializers.Serializer):
    input = serializers.JSONField()
    base_version = StrictIntegerField(**_INT)
    reason = StrictCharField(max_length=500)


class DealVoidIn(serializers.Serializer):
    base_version = StrictIntegerField(**_INT)
    reason = StrictCharField(max_length=500)


class DealConfirmIn(serializers.Serializer):
    base_version = StrictIntegerField(**_INT)


class TableQueueIn(serializers.Serializer):
    """A phone's report of the deals waiting on it (issue 31)."""

    waiting = StrictIntegerField(
        min_value=0, max_value=999, help_text="deals kept on the phone, not yet sent"
    )
    since = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text="when the oldest of them was entered on the phone",
    )


class TableQueueOut(serializers.Serializer):
    waiting = StrictIntegerField()
    since = serializers.DateTimeField(source="waiting_since", allow_null=True)
    reported_at = serializers.DateTimeField()
