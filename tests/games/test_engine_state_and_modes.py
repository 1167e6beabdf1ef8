"""The engine's ``State`` and ``deal_modes`` declarations (docs/engine.md, "A game").

A small game defined here declares both: its state subclass with one field that
starts other than at its default (``initial_fields``), and deals entered as cards or
totals. The real games' schemas and scores are the other tests' business.
"""

from dataclasses import dataclass
from typing import Literal

import pytest
from pydantic import TypeAdapter

from games.engine import DealRejected, DealScore, Game, MatchState, Table
from games.engine.game import advanced
from games.engine.inputs import FrozenModel, mode_union
from games.rules.canasta.samba import Samba
from games.rules.sakaali import Sakaali, SakaaliCards, SakaaliTotals
from games.rules.tuppi import Tuppi, TuppiState


class TallyOptions(FrozenModel):
    start: int = 7


class TallyCards(FrozenModel):
    mode: Literal["cards"] = "cards"
    cards: tuple[int, int]


class TallyTotals(FrozenModel):
    mode: Literal["totals"]
    points: tuple[int, int]


@dataclass(frozen=True, kw_only=True)
class TallyState(MatchState):
    carried: int = 0
    deals_seen: int = 0


class Tally(Game):
    slug = "tally"
    name = "Tally"
    source = "tests"
    Options = TallyOptions
    deal_modes = {"cards": TallyCards, "totals": TallyTotals}
    State = TallyState
    tables = ((0, 1),)

    def initial_fields(self, options, table):
        return {"carried": options.start}

    def verify_and_score(self, state, deal):
        if isinstance(deal, TallyTotals):
            return DealScore(points=deal.points, verified=False)
        return DealScore(points=deal.cards)

    def advance(self, state, score):
        return advanced(state, score.points, deals_seen=state.deals_seen + 1)


def test_the_default_initial_state_builds_the_declared_state_with_its_fields():
    state = Tally().start({"start": 3}, Table((0, 1), first_dealer=1))
    assert type(state) is TallyState
    assert (state.carried, state.deals_seen) == (3, 0)
    assert (state.totals, state.dealer, state.deal_number) == ((0, 0), 1, 1)


def test_a_game_without_its_own_state_gets_the_engines():
    assert Game.State is MatchState
    assert type(Tuppi().start()) is TuppiState


def test_deal_modes_pick_the_type_of_each_deal_by_its_mode():
    game = Tally()
    assert game.parse_deal({"cards": [1, 2]}) == TallyCards(cards=(1, 2))
    assert game.parse_deal({"mode": "totals", "points": [5, 0]}) == TallyTotals(
        mode="totals", points=(5, 0)
    )
    folded = game.fold([{"cards": [1, 2]}, {"mode": "totals", "points": [5, 0]}])
    assert folded.totals == (6, 2) and folded.state.deals_seen == 2


@pytest.mark.parametrize("mode", ["chips", 3, ["cards"]])
def test_an_unknown_mode_is_one_bad_mode_error(mode):
    with pytest.raises(DealRejected) as rejected:
        Tally().parse_deal({"mode": mode, "points": [1, 1]})
    assert [(e.path, e.code) for e in rejected.value.errors] == [("mode", "bad_mode")]


def test_errors_of_a_mode_carry_no_union_tag_in_their_paths():
    with pytest.raises(DealRejected) as rejected:
        Tally().parse_deal({"mode": "totals", "points": [1, "x"]})
    assert [e.path for e in rejected.value.errors] == ["points.1"]


def test_deal_modes_give_the_deal_input_their_union_for_the_schema():
    schema = Tally().deal_schema()
    assert {s["$ref"].rsplit("/", 1)[1] for s in schema["oneOf"]} == {
        "TallyCards",
        "TallyTotals",
    }
    union = TypeAdapter(mode_union({"cards": TallyCards, "totals": TallyTotals}))
    assert union.validate_python({"cards": [0, 1]}) == TallyCards(cards=(0, 1))
    # One mode is that mode's type (a union of one is no union).
    assert mode_union({"totals": TallyTotals}) is TallyTotals


def test_the_rule_modules_declare_their_modes():
    assert Sakaali.deal_modes == {"cards": SakaaliCards, "totals": SakaaliTotals}
    # A family's game inherits the family's modes and deal input.
    assert Samba.deal_input is Samba.__mro__[1].deal_input
