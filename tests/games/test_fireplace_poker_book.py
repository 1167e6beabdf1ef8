"""Fireplace Poker (book ch 22): the chapter's own examples and numbers as tests, and
properties against a model of the table written from the text alone.

The numbers of the chapter: 31 chips a side, 62 in all (§22.1, §22.3); five decks;
0–5 cards stolen, one a meld (§22.4.1); a chip for each meld more (§22.4.4); scoring
also at the end of the last turn (§22.6.2). The strategy tips (§22.8) name melds
that must be legal (a high pair with three unwanted cards, trips with two, two pair
with one, four of a kind with one), that a royal flush cannot be robbed, and that a
four of a kind can steal the odd card of a full house or a lower four of a kind.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DealRejected, Table, get_game
from games.engine.cards import parse_cards
from games.engine.poker import HandCategory, PokerHand, hand_key
from tests.games.strategies.fireplace_poker import turns

GAME = get_game("fireplace-poker")
TWO = Table((0, 1))
TEAMS = Table((0, 1, 0, 1))
PAIR_OF_JACKS = PokerHand(HandCategory.PAIR, (11, 11, 4, 3, 2)).key


def fold(turns_, options=None, table=TWO):
    return GAME.fold(turns_, options or {}, table)


def refused(earlier, turn, table=TWO) -> set[str]:
    with pytest.raises(DealRejected) as rejected:
        GAME.score(fold(earlier, table=table).state, turn)
    return {e.code for e in rejected.value.errors}


def test_sixty_two_chips_thirty_one_a_side():
    """§22.1: 62 poker chips; §22.3 and §22.7: 31 to each player or team."""
    assert sum(fold([]).totals) == 62
    assert sum(fold([], table=TEAMS).totals) == 62


@pytest.mark.parametrize(
    "meld",
    [
        "AS AH 2D 5C 9S",  # a high pair and three unwanted cards
        "7S 7H 7D 2C 9S",  # three of a kind and two more
        "2S 2H 3D 3C 9S",  # two pair (even low) and one more
        "4S 4H 4D 4C 9S",  # four of a kind and one more
        "JS JH 4D 3C 2S",  # the lowest: a pair of jacks
    ],
)
def test_the_strategy_tips_melds_are_legal(meld):
    """§22.8: ways to get rid of cards — each a legal meld, a chip off at once."""
    assert GAME.score(fold([]).state, {"meld": meld}).points == (-1, 0)


def test_no_two_eights_of_hearts():
    """§22.4.2 condition 1, the book's own example."""
    assert refused([], {"meld": "8H 8H JS JD 2C"}) == {"identical_cards"}


def test_a_royal_flush_cannot_be_robbed():
    """§22.8: "Cards cannot be stolen from the highest poker hand, royal flush" —
    not even by another royal flush (a meld must be higher, not equal)."""
    earlier = [{"meld": "AS KS QS JS 10S"}]
    assert "not_higher" in refused(earlier, {"meld": "AS KS QS JS 10S", "robbed": [1]})
    assert "not_higher" in refused(earlier, {"meld": "AD AH AC AS 2D", "robbed": [1]})


def test_four_of_a_kind_steals_the_odd_card_of_a_full_house_or_lower_four():
    """§22.8: four of a kind can steal the fifth card of the opponent's full
    houses or lower four of a kinds — both at once here, two cards stolen."""
    earlier = [
        {"meld": "AS AH AD KC KS"},  # seat 0: aces full
        {"meld": ""},
        {"meld": "5S 5H 5D 5C 2S"},  # seat 0: four fives
    ]
    turn = {"meld": "9S 9H 9D KC 2S", "robbed": [1, 2]}
    assert refused(earlier, turn) == {"not_higher"}  # trips are not enough
    folded = fold([*earlier, {"meld": "9S 9H 9D 9C KC", "robbed": [1]}])
    assert folded.state.melds[0] == ("5S 5H 5D 5C 2S",)
    # Seat 0 shed 1 and 2; seat 1, one meld to one, nothing.
    assert folded.totals == (28, 31)
    # The second four of a kind robs the lower four (its odd 2♠) too.
    later = fold([*earlier, {"meld": "9S 9H 9D 9C 2S", "robbed": [2]}])
    assert later.state.melds == (("AS AH AD KC KS",), ("9S 9H 9D 9C 2S",))


def test_five_cards_stolen_from_five_melds_at_once():
    """§22.4.1: 0–5 cards, one from each meld; a meld of five stolen cards."""
    earlier = []
    for meld in (
        "JS JH 10D 3C 2S",
        "JD JC QH 3D 2C",
        "JS JD KC 4H 2D",
        "JH JC AS 4S 2H",
        "JS JC 5D 4C 3H",
    ):
        earlier += [{"meld": meld}, {"meld": ""}]
    earlier = earlier[:-1]  # seat 1 to play against five pairs of jacks
    assert fold(earlier).state.counts == (5, 0)
    # The J♦ could come from meld 2 or 3, not meld 5: five melds robbed need one
    # card from each.
    assert refused(earlier, {"meld": "10D QH KC AS JD", "robbed": [1, 2, 3, 4, 5]}) == {
        "not_stolen"
    }
    # A straight to the ace of one card from each beats every pair of jacks.
    folded = fold([*earlier, {"meld": "10D QH KC AS JS", "robbed": [1, 2, 3, 4, 5]}])
    assert not folded.needs_attention
    assert folded.state.counts == (0, 1)
    assert folded.state.melds == ((), ("10D QH KC AS JS",))
    # Seat 0 shed 1 + 2 + 3 + 4 + 5 on its melds; seat 1 one for 1 meld to 0.
    assert folded.totals == (31 - 15, 30)


def test_the_last_turn_is_scored_too():
    """§22.6.2: "scoring takes place as usual at the end of the last turn" — a
    side that passes with more melds still sheds a chip for each more."""
    folded = fold([{"meld": "JS JH 4D 3C 2S"}, {"meld": ""}, {"meld": ""}])
    # Seat 0: 1 meld to 0 on its meld and again on its pass, which ends the game.
    assert [d.score.points for d in folded.deals] == [(-1, 0), (0, 0), (-1, 0)]
    assert folded.finished and folded.totals == (29, 31) and folded.winners == (0,)


def test_a_meld_after_turns_by_counts_adds_to_the_counts():
    """Counts entered, then a meld entered as cards: the meld adds one to the
    counts kept (the table is still unknown), not a table of that meld alone."""
    folded = fold(
        [
            {"mode": "totals", "melds": [1, 0]},  # seat 0 melds: 1 chip
            {"mode": "totals", "melds": [1, 0]},  # seat 1 cannot
            {"mode": "totals", "melds": [2, 0]},  # seat 0 melds: 2 chips
            {"meld": "AS AH AD 9C 9S"},  # seat 1 melds: 2 to 1, nothing shed
        ]
    )
    assert not folded.needs_attention
    assert folded.state.counts == (2, 1)
    assert folded.state.melds is None
    assert folded.totals == (28, 31)


# -- properties against a model of the table --------------------------------------


class Model:
    """The table and the chips as ch 22 describes them, kept apart from the game's
    code: melds per side (``None`` once a turn came by counts), chips, passes."""

    def __init__(self, seats: tuple[int, ...], chips: int) -> None:
        self.seats, self.turn = seats, 0
        self.melds: list[list[str]] | None = [[], []]
        self.counts = [0, 0]
        self.chips = [chips, chips]
        self.passes = 0
        self.finished = False

    def legal(self, turn: dict) -> bool:
        side = self.seats[self.turn % len(self.seats)]
        if turn.get("mode") == "totals":
            mine, theirs = turn["melds"][side], turn["melds"][1 - side]
            robbed = self.counts[1 - side] - theirs
            made = mine - self.counts[side]
            return made in (0, 1) and 0 <= robbed <= 5 and (made or not robbed)
        robbed = turn.get("robbed", [])
        if not turn["meld"]:
            return not robbed
        cards = parse_cards(turn["meld"])
        assisted = turn.get("assisted", False)
        if len(cards) != 5 or len(set(robbed)) != len(robbed):
            return False
        if not assisted and (len(set(cards)) < 5 or hand_key(cards) < PAIR_OF_JACKS):
            return False
        if robbed and self.melds is None:
            return False
        theirs = self.melds[1 - side] if self.melds is not None else []
        if any(n > len(theirs) for n in robbed):
            return False
        victims = [parse_cards(theirs[n - 1]) for n in robbed]
        if any(hand_key(v) >= hand_key(cards) for v in victims):
            return False
        if not _distinct_cards_from_each(cards, victims):
            return False
        if self.melds is not None:
            table = [c for s in self._after(side, turn) for m in s for c in m.split()]
            if any(table.count(c) > 5 for c in set(table)):
                return False
        return True

    def _after(self, side: int, turn: dict) -> list[list[str]]:
        after = [list(m) for m in self.melds]
        gone = set(turn.get("robbed", []))
        after[1 - side] = [m for i, m in enumerate(after[1 - side], 1) if i not in gone]
        after[side].append(" ".join(turn["meld"].split()))
        return after

    def play(self, turn: dict) -> None:
        side = self.seats[self.turn % len(self.seats)]
        before = list(self.counts)
        if turn.get("mode") == "totals":
            self.counts, self.melds = list(turn["melds"]), None
        elif turn["meld"]:
            if self.melds is None:
                self.counts[side] += 1
            else:
                self.melds = self._after(side, turn)
                self.counts = [len(m) for m in self.melds]
        surplus = self.counts[side] - self.counts[1 - side]
        self.chips[side] -= min(max(surplus, 0), self.chips[side])
        self.passes = (
            self.passes + 1
            if self.counts == before
            and (turn.get("mode") == "totals" or not turn["meld"])
            else 0
        )
        self.turn += 1
        self.finished = 0 in self.chips or self.passes >= len(self.seats)


def _distinct_cards_from_each(cards, victims) -> bool:
    def place(i: int, used: frozenset[int]) -> bool:
        if i == len(victims):
            return True
        return any(
            place(i + 1, used | {j})
            for j, card in enumerate(cards)
            if j not in used and card in victims[i]
        )

    return place(0, frozenset())


@st.composite
def robbing_turn(draw, model: Model) -> dict:
    """A meld built to rob: one card from each of 1–3 of the opponent's melds and
    the rest aces, so it is often (not always) a high enough four of a kind."""
    side = model.seats[model.turn % len(model.seats)]
    theirs = model.melds[1 - side] if model.melds is not None else []
    if not theirs:
        return draw(turns())
    numbers = draw(
        st.lists(
            st.integers(1, len(theirs)),
            min_size=1,
            max_size=min(3, len(theirs)),
            unique=True,
        )
    )
    stolen = [draw(st.sampled_from(theirs[n - 1].split())) for n in numbers]
    aces = ["AS", "AH", "AD", "AC"][: 5 - len(stolen)]
    return {"meld": " ".join([*aces, *stolen][:5]), "robbed": numbers}


@pytest.mark.slow(
    reason="120 games of up to 16 turns, each turn folded and replayed on the model"
)
@settings(max_examples=120, deadline=None)
@given(st.data(), st.sampled_from([TWO, TEAMS]), st.sampled_from([4, 31]))
def test_the_game_agrees_with_the_model(data, table, chips):
    """Each turn is accepted exactly when the model finds it legal; after each,
    the chips, counts and table are the model's; the chips of both sides together
    only go down, and only the side whose turn it was sheds any."""
    model = Model(table.seats, chips)
    accepted: list[dict] = []
    for _ in range(data.draw(st.integers(0, 16))):
        if model.finished:
            break
        turn = data.draw(st.one_of(turns(), robbing_turn(model)))
        folded = fold([*accepted, turn], {"chips": chips}, table)
        last = folded.deals[-1]
        assert (not last.flagged) == model.legal(turn), (turn, last.errors)
        if last.flagged:
            continue
        before = list(model.chips)
        model.play(turn)
        accepted.append(turn)
        assert list(folded.totals) == model.chips
        assert list(folded.state.counts) == model.counts
        if model.melds is None:
            assert folded.state.melds is None
        else:
            assert [list(m) for m in folded.state.melds] == model.melds
        shed = [b - a for b, a in zip(before, model.chips, strict=True)]
        assert min(shed) >= 0 and sum(1 for s in shed if s) <= 1
        assert folded.finished == model.finished


@settings(max_examples=60, deadline=None)
@given(st.lists(turns(), max_size=14), st.sampled_from([TWO, TEAMS]))
def test_every_meld_on_the_table_was_a_legal_meld(turns_, table):
    """Whatever is entered, what stays on the table is five cards a meld, each of
    them at most five times (five decks), and each unassisted meld a pair of jacks
    or better with no two identical cards."""
    folded = fold(turns_, {"chips": 5}, table)
    assisted = {
        " ".join(t["meld"].split())
        for t in turns_
        if t.get("assisted") and t.get("meld")
    }
    if folded.state.melds is None:
        return
    table_cards = []
    for side in folded.state.melds:
        for meld in side:
            cards = parse_cards(meld)
            table_cards += cards
            assert len(cards) == 5
            if meld not in assisted:
                assert len(set(cards)) == 5
                assert hand_key(cards) >= PAIR_OF_JACKS
    assert all(table_cards.count(c) <= 5 for c in set(table_cards))


def test_an_assisted_five_of_a_kind_is_the_one_meld_above_a_royal_flush():
    """The reading in the docs: five aces need two identical cards, so only an
    assisted meld (§22.6.1) can be one; it ranks as five of a kind (§26.3's
    order), the one meld higher than a royal flush."""
    earlier = [{"meld": "AS KS QS JS 10S"}]
    assert "identical_cards" in refused(
        earlier, {"meld": "AS AS AH AD AC", "robbed": [1]}
    )
    folded = fold(
        [*earlier, {"meld": "AS AS AH AD AC", "robbed": [1], "assisted": True}]
    )
    assert folded.state.melds == ((), ("AS AS AH AD AC",))
