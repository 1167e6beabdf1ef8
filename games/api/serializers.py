"""Shapes of the catalogue API (for validation and the OpenAPI schema)."""

from rest_framework import serializers

from config.api import StrictBooleanField, StrictIntegerField


class ErrorSerializer(serializers.Serializer):
    path = serializers.CharField()
    code = serializers.CharField()
    message = serializers.CharField()


class ErrorListSerializer(serializers.Serializer):
    """Every error answer of the API: an RFC 9457 problem with field errors
    (:func:`config.api.problem`)."""

    type = serializers.CharField()
    title = serializers.CharField()
    status = StrictIntegerField()
    detail = serializers.CharField()
    errors = ErrorSerializer(many=True)


class MatchGoalSerializer(serializers.Serializer):
    target = serializers.IntegerField(allow_null=True)
    deals = serializers.IntegerField(allow_null=True)


class DeclarationsSerializer(serializers.Serializer):
    """The facts a game declares for pages, tournaments and money to read."""

    lower_totals_win = serializers.BooleanField()
    stakes_per_point = serializers.BooleanField(
        help_text="False: played for money on win/loss only (book §1.2)."
    )
    chips_are_money = serializers.BooleanField()
    duplicate_boards = serializers.BooleanField()
    sheet_difference = serializers.BooleanField()
    team_multiplier = serializers.IntegerField(
        allow_null=True, help_text="Individual totals: team × this + own points."
    )
    match_goal = MatchGoalSerializer(
        allow_null=True, help_text="How a match with the default options ends."
    )


class GameSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    source = serializers.CharField(
        help_text="The rule text's file and chapter, as the docs cite it."
    )
    source_title = serializers.CharField(
        help_text="The same as readers know it: the book's title and chapter."
    )
    summary = serializers.CharField()
    deck = serializers.CharField(allow_null=True)
    tables = serializers.ListField(
        child=serializers.ListField(child=StrictIntegerField())
    )
    declares = DeclarationsSerializer()
    options_schema = serializers.DictField()
    deal_schema = serializers.DictField()


class TableSerializer(serializers.Serializer):
    seats = serializers.ListField(
        child=StrictIntegerField(min_value=0, max_value=15), min_length=1, max_length=16
    )
    first_dealer = StrictIntegerField(min_value=0, max_value=15, default=0)


class ScoreRequestSerializer(serializers.Serializer):
    options = serializers.DictField(required=False, default=dict)
    table = TableSerializer(required=False)
    deals = serializers.ListField(child=serializers.DictField(), max_length=500)


class FoldedMatchSerializer(serializers.Serializer):
    game = serializers.SlugField()
    deals = serializers.ListField(child=serializers.DictField())
    totals = serializers.ListField(child=StrictIntegerField())
    leaders = serializers.ListField(child=StrictIntegerField())
    finished = StrictBooleanField()
    winners = serializers.ListField(child=StrictIntegerField())
    needs_attention = StrictBooleanField()
    next_deal = serializers.DictField(allow_null=True)
    state = serializers.DictField()
