"""What anonymous readers see: player names, never accounts (issue 21, privacy).

A club with a public match (deals entered, corrected, by accounts with usernames and
e-mail addresses) and a published tournament. Every GET operation of the published
schema is called anonymously with the world's ids: each answer's every field is
listed here (:data:`ANONYMOUS_FIELDS`), so that a new field shown to anyone is a
decision made in this file; no answer and no public page contains a username or an
e-mail address. Linking a player to an account answers the same whether the account
exists or not.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from scoring.models import Player, Role
from tournaments import services
from tournaments.models import RoundGeneration

pytestmark = pytest.mark.django_db

SECRETS = ("acct-director-7f3a", "acct-ann-91c2", "acct-bob-4d0e")


def _user(username: str):
    return get_user_model().objects.create_user(
        username, email=f"{username}@mail.example", password="pw"
    )


@pytest.fixture
def world() -> dict[str, Any]:
    director = _user(SECRETS[0])
    club = scoring_services.club_create(name="Open club", by=director)
    seated = []
    for username, name in ((SECRETS[1], "Ann Aalto"), (SECRETS[2], "Bob Berg")):
        player = scoring_services.player_create(
            club=club, display_name=name, user=_user(username), by=director
        )
        seated.append(player)
    match = scoring_services.match_start(
        club=club,
        game="sleazy",
        seats=[(seated[0], 0), (seated[1], 1)],
        is_public=True,
        by=director,
    )
    for number in (1, 2):
        scoring_services.deal_submit(
            match=match,
            number=number,
            input={"mode": "totals", "points": [100, 25]},
            by=director,
        )
    deal = match.deals.get(number=1)
    scoring_services.deal_correct(
        match=match,
        number=1,
        input={"mode": "totals", "points": [75, 50]},
        base_version=deal.version,
        reason="typo",
        by=director,
    )
    tournament = services.tournament_create(
        club=club,
        name="Open",
        game="sleazy",
        format="swiss",
        visibility="published",
        by=director,
    )
    entries = services.entries_add(
        tournament=tournament, names=["Cid", "Dee", "Eve", "Fay"], by=director
    )
    stage = tournament.stages.get()
    round_ = services.round_start(
        round=services.round_generate(stage=stage, by=director), by=director
    )
    table = round_.tables.order_by("number").first()
    # The round as a director's job made it (its GET is for directors only).
    generation = RoundGeneration.objects.create(
        stage=stage, number=1, status="done", round=round_, requested_by=director
    )
    return {
        "club_id": club.pk,
        "match_id": match.pk,
        "number": 1,
        "slug": "sleazy",
        "game": "sleazy",
        "tournament_id": tournament.pk,
        "stage_id": stage.pk,
        "round_id": round_.pk,
        "generation_id": generation.pk,
        "table_id": table.pk,
        "entry_id": entries[0].pk,
        "player_id": seated[0].pk,
        "membership_id": seated[0].memberships.get().pk,
        "session_id": 1,
        "kind": "match",
        "source_id": match.pk,
        "token": scoring_selectors.table_link_get(match),
    }


def _fields(value: Any, prefix: str = "") -> set[str]:
    """Every field path of a JSON value; list items as ``*``; maps keyed by ids or
    numbers as ``#``."""
    out: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            name = "#" if re.fullmatch(r"-?\d+", str(key)) else str(key)
            if name == "i18n":
                # A text's template and values (points, seats: never an account,
                # which _account_values checks anyway) beside the English text.
                continue
            path = f"{prefix}.{name}" if prefix else name
            out.add(path)
            if not name.endswith("_schema"):  # a game's JSON Schema: rules, no data
                out |= _fields(item, path)
    elif isinstance(value, list):
        for item in value:
            out |= _fields(item, f"{prefix}.*" if prefix else "*")
    return out


ACCOUNT_FIELDS = {"username", "email", "entered_by", "confirmed_by", "rival_entered_by"}


def _account_values(value: Any, key: str = "") -> set[Any]:
    """The values of every field that names an account (``by`` of a revision too)."""
    if isinstance(value, dict):
        return set().union(*(_account_values(v, k) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(_account_values(v, key) for v in value))
    return {value} if key in ACCOUNT_FIELDS or key == "by" else set()


def _get_operations() -> list[str]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(p for p, ops in schema["paths"].items() if "get" in ops)


def test_every_anonymous_answer_shows_listed_fields_and_no_account(world):
    client = APIClient()
    seen: dict[str, list[str]] = {}
    for template in _get_operations():
        url = re.sub(r"\{(\w+)\}", lambda m: str(world[m.group(1)]), template)
        response = client.get(url)
        text = response.content.decode()
        for secret in SECRETS:
            assert secret not in text, (url, secret)
        assert "@mail.example" not in text, url
        if response.status_code == 200:
            body = response.json()
            seen[template] = sorted(_fields(body))
            assert _account_values(body) <= {None}, url
    assert seen == ANONYMOUS_FIELDS


def test_public_pages_show_player_names_not_accounts(client, world):
    for url in (
        f"/matches/{world['match_id']}/",
        f"/matches/{world['match_id']}/sheet.csv",
        f"/tournaments/{world['tournament_id']}/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        text = response.content.decode()
        for secret in SECRETS:
            assert secret not in text, (url, secret)
        assert "@mail.example" not in text
    sheet = client.get(f"/matches/{world['match_id']}/").content.decode()
    assert "Ann Aalto" in sheet and "Bob Berg" in sheet


def test_members_of_the_club_see_who_entered_a_deal(world):
    director = get_user_model().objects.get(username=SECRETS[0])
    client = APIClient()
    client.force_authenticate(director)
    deal = client.get(f"/api/v1/matches/{world['match_id']}/deals/1/").json()
    assert deal["entered_by"] == SECRETS[0]
    assert deal["revisions"][0]["by"] == SECRETS[0]


def test_linking_a_player_answers_the_same_whether_the_account_exists(world):
    director = get_user_model().objects.get(username=SECRETS[0])
    _user("acct-free-1111")
    client = APIClient()
    client.force_authenticate(director)
    url = f"/api/v1/clubs/{world['club_id']}/players/"
    answers = []
    for name, username in (("Gus", "acct-free-1111"), ("Hal", "no-such-acct")):
        response = client.post(
            url,
            {"display_name": name, "username": username, "role": Role.MEMBER},
            format="json",
        )
        body = response.json()
        answers.append((response.status_code, sorted(body), body["username"]))
    assert answers[0] == answers[1] == (201, ["display_name", "id", "username"], None)
    assert Player.objects.get(display_name="Gus").user.username == "acct-free-1111"
    assert Player.objects.get(display_name="Hal").user is None


def _listed(names: str) -> list[str]:
    return sorted(names.split())


# Every field of every anonymous 200 answer (the world above), by operation.
# A game's declarations (``declares``) and the next deal's declared rows.
DECLARES = (
    "declares declares.chips_are_money declares.duplicate_boards "
    "declares.lower_totals_win declares.match_goal declares.match_goal.deals "
    "declares.match_goal.target declares.sheet_difference declares.stakes_per_point "
    "declares.team_multiplier"
)
CONTEXT_ROWS = (
    "next_deal.context.*.code next_deal.context.*.kind next_deal.context.*.label "
    "next_deal.context.*.value"
)

ANONYMOUS_FIELDS: dict[str, list[str]] = {
    "/api/v1/games/": _listed(
        "*.deal_schema *.deck *.name *.options_schema *.slug *.source *.source_title "
        "*.summary "
        "*.tables " + " ".join(f"*.{name}" for name in DECLARES.split())
    ),
    "/api/v1/games/{slug}/": _listed(
        "deal_schema deck name options_schema slug source source_title summary tables "
        + DECLARES
    ),
    "/api/v1/matches/": _listed(
        " ".join(f"results.*.{name}" for name in CONTEXT_ROWS.split()) + " "
        "count next previous results results.*.club results.*.currency "
        "results.*.double_entry results.*.end_reason results.*.ended_at "
        "results.*.finished results.*.first_dealer results.*.game results.*.id "
        "results.*.is_public results.*.leaders results.*.needs_attention "
        "results.*.next_deal results.*.next_deal.context results.*.next_deal.dealer "
        "results.*.next_deal.engine_number results.*.next_deal.holding_points "
        "results.*.next_deal.may_bid results.*.next_deal.notes "
        "results.*.next_deal.number results.*.next_deal.opening_requirement "
        "results.*.next_deal.starting_seat results.*.open_ended results.*.options "
        "results.*.options.colour_set results.*.options.magic_hat "
        "results.*.options.rounds results.*.options.variation results.*.point_value "
        "results.*.seats results.*.seats.*.player "
        "results.*.seats.*.player.display_name results.*.seats.*.player.id "
        "results.*.seats.*.player.username results.*.seats.*.position "
        "results.*.seats.*.side results.*.started_at results.*.state "
        "results.*.state.deal_number results.*.state.dealer "
        "results.*.state.difference results.*.state.engine_state "
        "results.*.state.finished "
        "results.*.state.seat_totals results.*.state.totals results.*.state.winners "
        "results.*.status results.*.totals results.*.version results.*.winners "
    ),
    "/api/v1/matches/{match_id}/": _listed(
        CONTEXT_ROWS + " "
        "club currency double_entry end_reason ended_at finished first_dealer game "
        "id is_public leaders needs_attention next_deal next_deal.context "
        "next_deal.dealer next_deal.engine_number next_deal.holding_points "
        "next_deal.may_bid next_deal.notes next_deal.number "
        "next_deal.opening_requirement next_deal.starting_seat open_ended options "
        "options.colour_set options.magic_hat options.rounds options.variation "
        "point_value seats seats.*.player seats.*.player.display_name "
        "seats.*.player.id seats.*.player.username seats.*.position seats.*.side "
        "started_at state state.deal_number state.dealer state.difference "
        "state.engine_state "
        "state.finished state.seat_totals state.totals state.winners status totals "
        "version winners "
    ),
    "/api/v1/matches/{match_id}/deal-schema": _listed(
        "deal_schema game name options options.colour_set options.magic_hat "
        "options.rounds options.variation "
    ),
    "/api/v1/matches/{match_id}/deals/": _listed(
        "count next previous results results.*.confirmed_at results.*.confirmed_by "
        "results.*.entered_at results.*.entered_by results.*.errors results.*.input "
        "results.*.input.mode results.*.input.points results.*.number "
        "results.*.result results.*.result.detail "
        "results.*.result.detail.cumulative_difference "
        "results.*.result.detail.difference results.*.result.detail.points "
        "results.*.result.detail.round results.*.result.facts "
        "results.*.result.facts.*.code results.*.result.facts.*.points "
        "results.*.result.facts.*.side results.*.result.facts.*.text "
        "results.*.result.points results.*.result.seat_points "
        "results.*.result.verified results.*.rival_entered_by results.*.rival_input "
        "results.*.status results.*.totals results.*.version "
    ),
    "/api/v1/matches/{match_id}/deals/{number}/": _listed(
        "confirmed_at confirmed_by entered_at entered_by errors input input.mode "
        "input.points number result result.detail "
        "result.detail.cumulative_difference result.detail.difference "
        "result.detail.points result.detail.round result.facts result.facts.*.code "
        "result.facts.*.points result.facts.*.side result.facts.*.text "
        "result.points result.seat_points result.verified revisions revisions.*.at "
        "revisions.*.by revisions.*.deal_version revisions.*.input "
        "revisions.*.input.mode revisions.*.input.points revisions.*.kind "
        "revisions.*.reason revisions.*.seat revisions.*.via rival_entered_by "
        "rival_input status totals version "
    ),
    "/api/v1/matches/{match_id}/sheet": _listed(
        CONTEXT_ROWS + " "
        "finished game leaders match needs_attention next_deal next_deal.context "
        "next_deal.dealer next_deal.engine_number next_deal.holding_points "
        "next_deal.may_bid next_deal.notes next_deal.number "
        "next_deal.opening_requirement next_deal.starting_seat rows "
        "rows.*.entered_by rows.*.errors rows.*.facts rows.*.facts.*.code "
        "rows.*.facts.*.points rows.*.facts.*.side rows.*.facts.*.text "
        "rows.*.number rows.*.points rows.*.status rows.*.totals rows.*.verified "
        "rows.*.version sides sides.*.label sides.*.players "
        "sides.*.players.*.display_name sides.*.players.*.id sides.*.seats "
        "sides.*.side status totals version winners "
    ),
    "/api/v1/tournaments/": _listed(
        "*.club *.created_at *.entry_fee *.entry_fee_currency *.game *.id *.name "
        "*.options *.options.colour_set *.options.magic_hat *.options.rounds "
        "*.options.variation *.points *.status *.tiebreaks *.visibility "
    ),
    "/api/v1/tournaments/{tournament_id}/": _listed(
        "club created_at entry_fee entry_fee_currency game id name options "
        "options.colour_set options.magic_hat options.rounds options.variation "
        "points stages stages.*.format stages.*.id stages.*.name stages.*.order "
        "stages.*.settings stages.*.source_stage stages.*.source_top_n status "
        "tiebreaks visibility "
    ),
    # issue 32: the lists come a page at a time (limit/offset)
    "/api/v1/tournaments/{tournament_id}/entries/": _listed(
        "count next previous results results.*.id results.*.name results.*.players "
        "results.*.seed results.*.withdrawn_at "
    ),
    "/api/v1/tournaments/{tournament_id}/rounds/": _listed(
        "count next previous results "
        "results.*.explanation results.*.explanation.byes "
        "results.*.explanation.messages "
        "results.*.clock results.*.clock.deadline results.*.clock.minutes "
        "results.*.clock.start results.*.id results.*.number results.*.stage "
        "results.*.status results.*.table_count "
    ),
    "/api/v1/tournaments/{tournament_id}/rounds/{round_id}/tables/": _listed(
        "count next previous results results.*.id results.*.match "
        "results.*.number results.*.reasons results.*.reasons.*.code "
        "results.*.reasons.*.data results.*.reasons.*.data.clash "
        "results.*.reasons.*.data.preferences "
        "results.*.reasons.*.data.preferences.# results.*.reasons.*.data.score "
        "results.*.reasons.*.entries results.*.reasons.*.text results.*.sides "
    ),
    "/api/v1/tournaments/{tournament_id}/rounds/{round_id}/clock/": _listed(
        "deadline minutes start"
    ),
    "/api/v1/tournaments/{tournament_id}/stages/": _listed(
        "*.format *.id *.name *.order *.settings *.source_stage *.source_top_n "
    ),
    "/api/v1/tournaments/{tournament_id}/standings/": _listed(
        "computed_at count generation next pending previous stages "
    ),
}

# A table link's phones read what anyone reads of the match (no account names).
for _table, _match in (
    ("/api/v1/table/{token}/", "/api/v1/matches/{match_id}/"),
    ("/api/v1/table/{token}/sheet", "/api/v1/matches/{match_id}/sheet"),
    ("/api/v1/table/{token}/deal-schema", "/api/v1/matches/{match_id}/deal-schema"),
):
    ANONYMOUS_FIELDS[_table] = ANONYMOUS_FIELDS[_match]
