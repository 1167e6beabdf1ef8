"""Shapes of the score-book API: ``*In`` validate a request body, ``*Out`` describe a
response (and the OpenAPI schema). No serializer writes: views pass validated data to
:mod:`scoring.services`.

Fields that decide ownership or status (club, status, version, totals, entered_by …)
appear only in ``*Out`` serializers, so a request body cannot set them (unknown fields
are ignored).
"""

from __future__ import annotations

from rest_framework import serializers

from games.api.serializers import ErrorListSerializer, ErrorSerializer
from scoring.models import Role
from scoring.money.currency import CURRENCIES

__all__ = ["ErrorListSerializer", "ErrorSerializer"]

_INT = {"min_value": 1, "max_value": 2**31 - 1}


class CurrencyField(serializers.ChoiceField):
    """An ISO 4217 code, exactly (upper case): ``"eur"`` is refused, not guessed."""

    def __init__(self, **kwargs):
        super().__init__(choices=sorted(CURRENCIES), **kwargs)

    def to_internal_value(self, data):
        if data == "" and self.allow_blank:
            return ""
        if isinstance(data, str) and data in CURRENCIES:
            return data
        raise serializers.ValidationError(
            f"{data!r} is not an ISO 4217 currency code (upper case, e.g. EUR).",
            code="unknown_currency",
        )


class ConflictSerializer(ErrorListSerializer):
    """A 409: what went wrong and the match as it stands now."""

    match = serializers.JSONField(required=False)


# -- clubs, players, memberships --------------------------------------------------


class ClubOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()
    created_at = serializers.DateTimeField()


class ClubIn(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    slug = serializers.SlugField(max_length=64, required=False, allow_blank=True)


class ClubUpdateIn(serializers.Serializer):
    name = serializers.CharField(max_length=120)


class PlayerOut(serializers.Serializer):
    id = serializers.IntegerField()
    display_name = serializers.CharField()
    username = serializers.CharField(
        source="user.username", allow_null=True, default=None
    )


class PlayerIn(serializers.Serializer):
    display_name = serializers.CharField(max_length=80)
    role = serializers.ChoiceField(choices=Role.choices, default=Role.MEMBER)
    username = serializers.CharField(
        max_length=150,
        required=False,
        allow_blank=True,
        help_text="Link the player to this user account.",
    )


class PlayerUpdateIn(serializers.Serializer):
    display_name = serializers.CharField(max_length=80)


class MembershipOut(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.IntegerField(source="club_id")
    player = PlayerOut()
    role = serializers.ChoiceField(choices=Role.choices)
    joined_at = serializers.DateTimeField()


class MembershipIn(serializers.Serializer):
    player = serializers.IntegerField(**_INT)
    role = serializers.ChoiceField(choices=Role.choices, default=Role.MEMBER)


class MembershipUpdateIn(serializers.Serializer):
    role = serializers.ChoiceField(choices=Role.choices)


# -- matches ------------------------------------------------------------------------


class SeatIn(serializers.Serializer):
    player = serializers.IntegerField(**_INT)
    side = serializers.IntegerField(min_value=0, max_value=15)


class MatchIn(serializers.Serializer):
    game = serializers.SlugField(max_length=64)
    options = serializers.DictField(required=False, default=dict)
    seats = SeatIn(many=True, min_length=1, max_length=16)
    first_dealer = serializers.IntegerField(min_value=0, max_value=15, default=0)
    point_value = serializers.DecimalField(
        max_digits=12, decimal_places=4, required=False, allow_null=True
    )
    currency = CurrencyField(required=False, allow_blank=True)
    is_public = serializers.BooleanField(default=False)
    double_entry = serializers.BooleanField(default=False)
    scorers = serializers.ListField(
        child=serializers.IntegerField(**_INT), required=False, default=list
    )


class MatchUpdateIn(serializers.Serializer):
    is_public = serializers.BooleanField()


class MatchAbandonIn(serializers.Serializer):
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True)


class SeatOut(serializers.Serializer):
    position = serializers.IntegerField()
    side = serializers.IntegerField()
    player = PlayerOut()


class SideOut(serializers.Serializer):
    side = serializers.IntegerField()
    label = serializers.CharField()
    players = serializers.JSONField()
    seats = serializers.ListField(child=serializers.IntegerField())


class MatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    club = serializers.IntegerField(source="club_id")
    game = serializers.CharField(source="game_id")
    options = serializers.JSONField()
    seats = SeatOut(many=True, source="seats.all")
    first_dealer = serializers.IntegerField()
    point_value = serializers.DecimalField(
        max_digits=12, decimal_places=4, allow_null=True
    )
    currency = serializers.CharField()
    status = serializers.CharField()
    is_public = serializers.BooleanField()
    double_entry = serializers.BooleanField()
    started_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    end_reason = serializers.CharField()
    totals = serializers.ListField(child=serializers.IntegerField())
    leaders = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    finished = serializers.BooleanField(help_text="The rules say the match is decided.")
    needs_attention = serializers.BooleanField(
        help_text="Some deal is flagged: the rules reject it as the match stands."
    )
    next_deal = serializers.JSONField(
        allow_null=True,
        help_text="The engine's context for the next deal; `number` is the sheet's.",
    )
    state = serializers.JSONField(help_text="The engine's game-specific match state.")
    version = serializers.IntegerField()


class MatchStateOut(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    totals = serializers.ListField(child=serializers.IntegerField())
    leaders = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    finished = serializers.BooleanField()
    needs_attention = serializers.BooleanField()
    next_deal = serializers.JSONField(allow_null=True)
    deals = serializers.JSONField()


class SheetRowOut(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    points = serializers.JSONField(allow_null=True)
    totals = serializers.JSONField(allow_null=True)
    verified = serializers.BooleanField(allow_null=True)
    facts = serializers.JSONField()
    errors = serializers.JSONField()
    version = serializers.IntegerField()
    entered_by = serializers.CharField(allow_null=True)


class SheetOut(serializers.Serializer):
    match = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    sides = SideOut(many=True)
    rows = SheetRowOut(many=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    leaders = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    finished = serializers.BooleanField()
    needs_attention = serializers.BooleanField()
    next_deal = serializers.JSONField(allow_null=True)


class DealSchemaOut(serializers.Serializer):
    game = serializers.CharField()
    name = serializers.CharField()
    options = serializers.JSONField()
    deal_schema = serializers.JSONField(help_text="JSON Schema of one deal's input.")


# -- deals --------------------------------------------------------------------------


class DealOut(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    input = serializers.JSONField(help_text="The deal exactly as entered.")
    result = serializers.JSONField(
        allow_null=True, help_text="The engine's score of the deal."
    )
    errors = serializers.JSONField(help_text="The engine's errors when flagged.")
    totals = serializers.JSONField(help_text="Running totals after this deal.")
    version = serializers.IntegerField()
    entered_by = serializers.CharField(
        source="entered_by.username", allow_null=True, default=None
    )
    entered_at = serializers.DateTimeField()
    confirmed_by = serializers.CharField(
        source="confirmed_by.username", allow_null=True, default=None
    )
    confirmed_at = serializers.DateTimeField(allow_null=True)
    rival_input = serializers.JSONField(
        allow_null=True, help_text="Double entry: the second, different entry."
    )
    rival_entered_by = serializers.CharField(
        source="rival_entered_by.username", allow_null=True, default=None
    )


class RevisionOut(serializers.Serializer):
    kind = serializers.CharField()
    deal_version = serializers.IntegerField()
    input = serializers.JSONField(allow_null=True)
    reason = serializers.CharField()
    by = serializers.CharField(source="by.username", allow_null=True, default=None)
    at = serializers.DateTimeField()


class DealDetailOut(DealOut):
    revisions = RevisionOut(many=True, source="revisions.all")


class DealWriteOut(serializers.Serializer):
    deal = DealOut()
    match = MatchStateOut()


class DealSubmitIn(serializers.Serializer):
    number = serializers.IntegerField(
        **_INT, help_text="The deal's number on the sheet: the match's next deal."
    )
    input = serializers.JSONField(help_text="The deal as the game declares it.")


class DealCorrectIn(serializers.Serializer):
    input = serializers.JSONField()
    base_version = serializers.IntegerField(**_INT)
    reason = serializers.CharField(max_length=500)


class DealVoidIn(serializers.Serializer):
    base_version = serializers.IntegerField(**_INT)
    reason = serializers.CharField(max_length=500)


class DealConfirmIn(serializers.Serializer):
    base_version = serializers.IntegerField(**_INT)
