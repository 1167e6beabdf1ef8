"""The game catalogue and stateless scoring. Public: they expose rules, not data."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from games import selectors
from games.api.serializers import (
    ErrorListSerializer,
    FoldedMatchSerializer,
    GameSerializer,
    ScoreRequestSerializer,
)
from games.engine.play import fold_payload
from games.engine.serialize import folded_to_json


class GameListApi(APIView):
    """Every game in the catalogue, with its options and deal input as JSON Schema."""

    permission_classes = [AllowAny]

    @extend_schema(responses=GameSerializer(many=True), operation_id="games_list")
    def get(self, request):
        return Response(selectors.catalogue())


class GameDetailApi(APIView):
    """One game of the catalogue."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: GameSerializer, 404: ErrorListSerializer},
        operation_id="games_retrieve",
    )
    def get(self, request, slug: str):
        return Response(selectors.game_detail(selectors.game_by_slug(slug)))


class ScoreThrottle(AnonRateThrottle):
    rate = "120/min"


class GameScoreApi(APIView):
    """Score a match without storing it: options and deals in, folded match out."""

    permission_classes = [AllowAny]
    throttle_classes = [ScoreThrottle]

    @extend_schema(
        request=ScoreRequestSerializer,
        responses={
            200: FoldedMatchSerializer,
            400: ErrorListSerializer,
            404: ErrorListSerializer,
            429: ErrorListSerializer,
        },
        operation_id="games_score",
    )
    def post(self, request, slug: str):
        selectors.game_by_slug(slug)  # 404 before validating a body for no game
        body = ScoreRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        payload = {"options": data["options"], "deals": data["deals"]}
        if "table" in data:
            payload["table"] = dict(data["table"])
        return Response(folded_to_json(fold_payload(slug, payload)))
