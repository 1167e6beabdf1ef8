"""Triple Play (Hand, Knee and Foot): Hand and Foot with a knee, 6 × 54 cards.

Source: web page ``004_b5230d226dbeb56f.txt`` l.135–251 (card values l.157–169,
melds l.189–199, opening by deal l.191–196, knee and foot l.208–214, the basic
book l.216–224, scoring l.226–244). The match (four deals, openings 50/90/120/150
by the deal number, the higher total wins) is Hand and Foot's (:mod:`.hand_and_foot`).

Terms:

* **hand** 15 cards, **knee** 13, **foot** 11 per player. A knee or a foot is
  entered (its cards) only if it was never picked up; ``null`` (or empty) means
  picked up.
  The knee is picked up before the foot.
* **meld** — 3 to 7 cards of one rank (4 to A), at most one wild (twos, jokers) in
  a meld of 3–5 cards and two in a meld of 6–7; 5s and 7s take no wild; a meld of
  wild cards only (a **wild meld**) is allowed. A side has at most one unfinished
  meld of a rank (or of wilds) at a time; a seven-card meld is a **canasta**.
* **basic book** — a natural canasta of 5s, one of 7s, a wild canasta, one more
  natural canasta and a mixed canasta: a side goes out only with it.
* **reminder penalty** — 1000 against a side whose player reminded a partner to
  pick up the knee (l.208).

Why a scorer of its own beside :mod:`.side`: the family's meld check has a fixed
wild limit and no all-wild melds, and its red threes and going out are counted
differently; this module reuses the family's deck check, opening check, hand
values and Hand and Foot's match, and adds only what Triple Play scores.

Invariants:

* every card entered — melds, red threes, hands, unplayed knees and feet, the
  discard pile — fits in 6 × 54 cards (6 of each card, 12 jokers);
* an unplayed knee has 13 cards, an unplayed foot 11; the player who went out has
  neither hand, knee nor foot; every other player still holds a card somewhere;
* a side's score is the sum of its items (melds, bonuses, red threes, going out,
  cards held, penalties), and the deal's detail lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import Field

# The family reader's card-list helpers (same package): one spelling table.
from games.engine.card_reader import read_card_lists, read_cards
from games.engine.cards import JOKER_RANK, RANKS, Card
from games.engine.decks import make_deck
from games.engine.errors import DealRejected, RuleError
from games.engine.game import ContextRow, DealScore, Fact, MatchState, NextDeal
from games.engine.inputs import (
    PER_PARTNER,
    PER_SIDE,
    CardList,
    FrozenModel,
    SeatField,
)
from games.engine.melds.books import WILD_MARK, tally_tables
from games.engine.registry import register
from games.rules.canasta.deal_input import TotalsDeal
from games.rules.canasta.family import opening_requirement_row
from games.rules.canasta.going_out import GoingOutRule
from games.rules.canasta.hand_and_foot import (
    DEALS,
    HandAndFoot,
    opening_requirement,
)
from games.rules.canasta.melds import RANK_MELD, CanastaBonuses, Meld, MeldRules
from games.rules.canasta.openings import CANASTA_ZONES, check_opening
from games.rules.canasta.side import deck_errors
from games.rules.canasta.tables import FamilyRules
from games.rules.canasta.values import (
    MELD_POINTS,
    RED_THREES,
    hand_points_table,
    sum_of,
)

SIX_54 = make_deck("6 × 54 cards (2 jokers each)", packs=6, jokers_per_pack=2)
HAND_SIZE, KNEE_SIZE, FOOT_SIZE = 15, 13, 11

WILD_MELD = "wilds"  # Meld.kind of a meld of wild cards only (its rank is None)
WILD_RANKS = frozenset({"2", JOKER_RANK})
NO_WILDS = frozenset({"5", "7"})  # l.189: melds of 5s and 7s never take a wild

# l.236–240: the bonus of a canasta by its kind; 5s and 7s are always natural.
SEVENS_BONUS, FIVES_BONUS, WILD_BONUS, NATURAL_BONUS, MIXED_BONUS = (
    5000,
    3000,
    2500,
    500,
    300,
)
RED_THREE_EACH, RED_THREES_SEVEN, RED_THREES_SEVEN_BONUS = 100, 7, 300  # l.242–243
GOING_OUT_BONUS = 200  # l.244
REMINDER_PENALTY = 1000  # l.208
CANASTA = 7

# In hand, knee or foot: the card values, an unplayed red 3 500, a black 3 100
# (l.232).
HELD_POINTS = hand_points_table(black_three=100, red_three=500)

# By the first card of a meld: the tally of every card the meld may hold (a wild
# card adds WILD_MARK), naturals 4–A of its rank or, for a wild first, wilds only.
_WILD_TALLY = {c: WILD_MARK + v for c, v in MELD_POINTS.items() if c.rank in WILD_RANKS}
_TALLIES = {
    **tally_tables(MELD_POINTS, RANKS[2:]),
    "2": _WILD_TALLY,
    JOKER_RANK: _WILD_TALLY,
}
_tuple_new = tuple.__new__  # Meld(...) without the named tuple's Python __new__

# Declared for the family's tables (the deck, the hand values); Triple Play's own
# limits are checked by :func:`check_triple_meld`.
TRIPLE_PLAY_RULES = FamilyRules(
    deck=SIX_54,
    melds=MeldRules(
        min_naturals=1,
        max_wilds=2,
        max_cards=7,
        one_meld_per_rank=False,
        black_threes_out=None,
    ),
    bonuses=CanastaBonuses(
        natural=NATURAL_BONUS,
        mixed=MIXED_BONUS,
        by_rank={"5": (FIVES_BONUS, 0), "7": (SEVENS_BONUS, 0)},
    ),
    red_threes=None,
    going_out=GoingOutRule(min_complete=5, min_natural=3),
    zones=CANASTA_ZONES,  # not read: the requirement is by the deal number
    going_out_bonus=GOING_OUT_BONUS,
    concealed_bonus=0,
    hand_points=HELD_POINTS,
)


def max_wilds(size: int) -> int:
    """l.189: one wild in a meld of 3–5 cards, two in a meld of 6–7."""
    return 1 if size <= 5 else 2


def check_triple_meld(cards: Sequence[Card], path: str) -> Meld | list[RuleError]:
    """One Triple Play meld (l.189–199): the meld, or every limit it breaks."""
    cards = tuple(cards)
    n = len(cards)
    # The common meld — naturals of one rank typed first (or wilds only), within
    # the wild limit — is recognised by one sum of tallies; anything else, and
    # every error, goes card by card below.
    if 3 <= n <= CANASTA:
        tally = _TALLIES.get(cards[0].rank)
        if tally is not None:
            try:
                wilds, points = divmod(sum(itemgetter(*cards)(tally)), WILD_MARK)
            except KeyError:
                pass
            else:
                if tally is _WILD_TALLY:
                    return _tuple_new(
                        Meld, (cards, WILD_MELD, None, None, n, points, ())
                    )
                rank = cards[0].rank
                if not wilds or (
                    rank not in NO_WILDS and wilds <= (1 if n <= 5 else 2)
                ):
                    return _tuple_new(
                        Meld, (cards, RANK_MELD, rank, None, wilds, points, ())
                    )
    return _meld_errors(cards, path)


def _meld_errors(cards: tuple[Card, ...], path: str) -> Meld | list[RuleError]:
    n = len(cards)
    ranks = [c.rank for c in cards]
    if "3" in ranks:
        return [RuleError(path, "threes_not_melded", "threes are never melded (l.168)")]
    if n < 3 or n > CANASTA:
        return [
            RuleError(
                path,
                "meld_size",
                f"a meld has 3 to 7 cards ({n} entered) (l.189)",
            )
        ]
    points = sum(map(MELD_POINTS.__getitem__, cards))
    naturals = {r for r in ranks if r not in WILD_RANKS}
    wilds = n - sum(r not in WILD_RANKS for r in ranks)
    if not naturals:
        return Meld(cards, WILD_MELD, None, None, wilds, points)
    errors = []
    if len(naturals) > 1:
        errors.append(
            RuleError(
                path,
                "mixed_ranks",
                "a meld is of one rank: " + ", ".join(sorted(naturals)) + " (l.189)",
            )
        )
    (rank, *_) = sorted(naturals)
    if wilds and naturals & NO_WILDS:
        errors.append(
            RuleError(
                path,
                "wild_in_fives_or_sevens",
                f"melds of 5s and 7s take no wild card ({wilds} entered) (l.189)",
            )
        )
    elif wilds > max_wilds(n):
        errors.append(
            RuleError(
                path,
                "too_many_wilds",
                f"a meld of {n} cards holds at most {max_wilds(n)} wild "
                f"card{'s' if max_wilds(n) > 1 else ''} ({wilds} entered) (l.189)",
            )
        )
    if errors:
        return errors
    return Meld(cards, RANK_MELD, rank, None, wilds, points)


def meld_name(meld: Meld) -> str:
    return "wilds" if meld.kind == WILD_MELD else f"{meld.rank}s"


def canasta_bonus(meld: Meld) -> tuple[str, int]:
    """The kind and bonus of a canasta (l.236–240): one bonus, the first that fits."""
    if meld.kind == WILD_MELD:
        return "wild", WILD_BONUS
    if meld.rank == "7":
        return "sevens", SEVENS_BONUS
    if meld.rank == "5":
        return "fives", FIVES_BONUS
    if not meld.wilds:
        return "natural", NATURAL_BONUS
    return "mixed", MIXED_BONUS


def basic_book_missing(canastas: Sequence[Meld]) -> list[str]:
    """What a side's canastas lack of the basic book (l.216–224); [] if complete.

    The 5s and 7s canastas are natural; "any natural canasta" is a further one (of
    any rank, another 5s or 7s included), the mixed one a canasta with wilds.
    """
    kinds = [canasta_bonus(m)[0] for m in canastas]
    fives, sevens = kinds.count("fives"), kinds.count("sevens")
    missing = []
    if not fives:
        missing.append("a natural canasta of 5s")
    if not sevens:
        missing.append("a natural canasta of 7s")
    if "wild" not in kinds:
        missing.append("a canasta of wild cards")
    if fives + sevens + kinds.count("natural") < 3:
        missing.append("another natural canasta")
    if "mixed" not in kinds:
        missing.append("a mixed canasta")
    return missing


class TriplePlayOptions(FrozenModel):
    """The page's game has no variants to choose; every deal is scored as written."""


Pile = Annotated[
    CardList | None,
    Field(
        description="The pile's cards if it was never picked up (they count "
        "against the side); null (or empty) if the player picked it up."
    ),
]


class TriplePlaySide(FrozenModel):
    """One side's cards at the end of a deal."""

    melds: tuple[CardList, ...] = Field(
        (), description="Every meld of the side, as it lies at the end of the deal."
    )
    opening: tuple[int | CardList, ...] | None = Field(
        None,
        description="Optional: the opening meld, as indices of melds laid down whole "
        "or the cards of each combination; checked against the deal's requirement.",
    )
    red_threes: CardList = Field((), description="Red threes laid out by the side.")
    hands: Annotated[tuple[CardList, CardList], PER_PARTNER] = Field(
        description="Cards left in each partner's hand (side 0: seats 0 and 2)."
    )
    knees: Annotated[tuple[Pile, Pile], PER_PARTNER] = Field(
        (None, None),
        description="Each partner's knee: its 13 cards if never picked up, or null.",
    )
    feet: Annotated[tuple[Pile, Pile], PER_PARTNER] = Field(
        (None, None),
        description="Each partner's foot: its 11 cards if never picked up, or null.",
    )
    reminder_penalties: int = Field(
        0, ge=0, description="Times a player reminded a partner of the knee (l.208)."
    )


class TriplePlayCards(FrozenModel):
    """A Triple Play deal entered card by card."""

    mode: Literal["cards"] = "cards"
    teams: Annotated[tuple[TriplePlaySide, TriplePlaySide], PER_SIDE]
    went_out: SeatField | None = Field(
        None, ge=0, le=3, description="Seat of the player who went out, if anyone."
    )
    discard_pile: CardList = Field(
        (), description="Optional: the discard pile, checked against the decks."
    )


class TriplePlaySideEntry(NamedTuple):
    """:class:`TriplePlaySide`'s fields, as :func:`read_triple_play` gives them."""

    melds: tuple[tuple[Card, ...], ...]
    opening: tuple[int, ...] | None
    red_threes: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    knees: tuple[tuple[Card, ...] | None, ...]
    feet: tuple[tuple[Card, ...] | None, ...]
    reminder_penalties: int


class TriplePlayEntry(NamedTuple):
    """:class:`TriplePlayCards`' fields, as :func:`read_triple_play` gives them."""

    teams: tuple[TriplePlaySideEntry, TriplePlaySideEntry]
    went_out: int | None
    discard_pile: tuple[Card, ...]
    mode: str = "cards"


_SIDE_FIELDS = frozenset(TriplePlaySide.model_fields)
_DEAL_FIELDS = frozenset(TriplePlayCards.model_fields)


def _piles(raw: Any) -> tuple[tuple[Card, ...] | None, ...] | None:
    """Two knees or feet, each cards or None; None if anything is unusual."""
    if type(raw) not in (list, tuple) or len(raw) != 2:
        return None
    out = []
    for pile in raw:
        if pile is None:
            out.append(None)
            continue
        cards = read_cards(pile)
        if cards is None:
            return None
        out.append(cards)
    return tuple(out)


def _read_side(raw: Any) -> TriplePlaySideEntry | None:
    if type(raw) is not dict or not raw.keys() <= _SIDE_FIELDS:
        return None
    melds, hands = raw.get("melds", ()), raw.get("hands")
    if type(melds) not in (list, tuple) or type(hands) not in (list, tuple):
        return None
    if len(hands) != 2:
        return None
    lists = read_card_lists((*melds, *hands))
    reds = read_cards(raw.get("red_threes", ()))
    knees = _piles(raw.get("knees", (None, None)))
    feet = _piles(raw.get("feet", (None, None)))
    if lists is None or reds is None or knees is None or feet is None:
        return None
    opening = raw.get("opening")
    if opening is not None:
        # Only meld indices here; combinations as cards go to pydantic.
        if type(opening) not in (list, tuple) or not all(
            type(p) is int for p in opening
        ):
            return None
        opening = tuple(opening)
    reminders = raw.get("reminder_penalties", 0)
    if type(reminders) is not int or reminders < 0:
        return None
    return TriplePlaySideEntry(
        lists[:-2], opening, reds, lists[-2:], knees, feet, reminders
    )


def read_triple_play(raw: Any) -> TriplePlayEntry | None:
    """Read a well-formed card-entry deal without pydantic's per-card callbacks
    (as :func:`.deal_input.read_cards_entry` does for the family's entry).

    None for anything unusual: pydantic then parses it and names every error.
    What this accepts, pydantic accepts, with the same fields.
    """
    if type(raw) is not dict or not raw.keys() <= _DEAL_FIELDS:
        return None
    if raw.get("mode", "cards") != "cards":
        return None
    teams = raw.get("teams")
    if type(teams) not in (list, tuple) or len(teams) != 2:
        return None
    first, second = _read_side(teams[0]), _read_side(teams[1])
    went_out = raw.get("went_out")
    discard = read_cards(raw.get("discard_pile", ()))
    if first is None or second is None or discard is None:
        return None
    if went_out is not None and not (type(went_out) is int and 0 <= went_out <= 3):
        return None
    return TriplePlayEntry((first, second), went_out, discard)


def _held_errors(
    path: str, seat: int, went_out: int | None, hand, knee, foot
) -> list[RuleError]:
    errors = []
    for name, pile, size in (("knees", knee, KNEE_SIZE), ("feet", foot, FOOT_SIZE)):
        if pile is not None and len(pile) != size:
            errors.append(
                RuleError(
                    f"{path}.{name}",
                    f"{name[:-1] if name == 'knees' else 'foot'}_size",
                    f"a pile never picked up still has its {size} cards "
                    f"({len(pile)} entered) (l.159)",
                )
            )
    if knee is not None and foot is None:
        errors.append(
            RuleError(
                f"{path}.feet",
                "foot_before_knee",
                "the foot is picked up after the knee: enter the foot's 11 cards "
                "(l.212)",
            )
        )
    if went_out == seat:
        if hand or knee is not None or foot is not None:
            errors.append(
                RuleError(
                    path,
                    "went_out_holds_cards",
                    f"seat {seat} went out: hand empty, knee and foot played (l.216)",
                )
            )
    elif not hand and knee is None and foot is None:
        errors.append(
            RuleError(
                path,
                "no_cards_left",
                f"seat {seat} did not go out, so they hold a card in hand, knee or "
                "foot (l.216)",
            )
        )
    return errors


# Facts are immutable values: one object per kind and side serves every deal.
_CANASTA_FACTS = {
    (kind, side): Fact(f"{kind}_canasta", f"{kind} canasta: {bonus}", side, bonus)
    for kind, bonus in (
        ("sevens", SEVENS_BONUS),
        ("fives", FIVES_BONUS),
        ("wild", WILD_BONUS),
        ("natural", NATURAL_BONUS),
        ("mixed", MIXED_BONUS),
    )
    for side in (0, 1)
}
_WENT_OUT_FACTS = tuple(
    Fact("went_out", f"went out: {GOING_OUT_BONUS}", s, GOING_OUT_BONUS) for s in (0, 1)
)
_PATHS = tuple(f"teams.{s}" for s in (0, 1))
_SEATS = ((0, 2), (1, 3))  # the family's one table: sides at (0, 1, 0, 1)


def score_triple_play(game: TriplePlay, state: MatchState, deal: Any) -> DealScore:
    """Verify and score a card-entry deal; :class:`DealRejected` lists every error."""
    errors: list[RuleError] = []
    facts: list[Fact] = []
    piles: list[tuple[str, Sequence[Card]]] = []
    for s, entry in enumerate(deal.teams):
        for name in ("knees", "feet"):
            for i, pile in enumerate(getattr(entry, name)):
                if pile is not None:
                    piles.append((f"teams.{s}.{name}.{i}", pile))
    piles.append(("discard_pile", deal.discard_pile))
    errors.extend(
        RuleError(e.path, e.code, f"{e.message} (l.153)")
        for e in deck_errors(TRIPLE_PLAY_RULES, deal, piles)
    )
    went_out = deal.went_out
    need = opening_requirement(state.deal_number)
    sides = []
    for s, entry in enumerate(deal.teams):
        base = _PATHS[s]
        melds: list[Meld] = []
        valid = True
        open_rank: dict[str | None, int] = {}
        meld_points = bonuses = 0
        canastas: list[Meld] = []
        for i, cards in enumerate(entry.melds):
            found = check_triple_meld(cards, f"{base}.melds.{i}")
            if type(found) is list:
                errors.extend(found)
                valid = False
                continue
            melds.append(found)
            meld_points += found.points
            if len(found.cards) == CANASTA:
                canastas.append(found)
                kind, bonus = canasta_bonus(found)
                bonuses += bonus
                facts.append(_CANASTA_FACTS[kind, s])
            elif found.rank in open_rank:
                errors.append(
                    RuleError(
                        f"{base}.melds.{i}",
                        "second_unfinished_meld",
                        f"a side has one unfinished meld of {meld_name(found)} "
                        f"at a time (also {base}.melds.{open_rank[found.rank]}) "
                        "(l.197)",
                    )
                )
            else:
                open_rank[found.rank] = i
        reds = entry.red_threes
        red_points = 0
        if reds:
            if not RED_THREES.issuperset(reds):
                errors.extend(
                    RuleError(
                        f"{base}.red_threes.{i}",
                        "not_a_red_three",
                        f"{card.code} is not a red three (l.163)",
                    )
                    for i, card in enumerate(reds)
                    if card not in RED_THREES
                )
            red_points = RED_THREE_EACH * len(reds)
            if len(reds) >= RED_THREES_SEVEN:
                red_points += RED_THREES_SEVEN_BONUS
            facts.append(
                Fact(
                    "red_threes", f"{len(reds)} red threes: {red_points}", s, red_points
                )
            )
        held = 0
        for i, seat in enumerate(_SEATS[s]):
            # A pile never picked up holds 13 or 11 cards, so an empty one (what
            # an empty field of the entry form posts) can only mean picked up.
            hand, knee, foot = (
                entry.hands[i],
                entry.knees[i] or None,
                entry.feet[i] or None,
            )
            if (
                (knee is None or len(knee) == KNEE_SIZE)
                and (foot is None or len(foot) == FOOT_SIZE)
                and (knee is None or foot is not None)
                and (seat == went_out) == (not hand and knee is None and foot is None)
            ):
                pass
            else:
                errors.extend(
                    _held_errors(f"{base}.hands.{i}", seat, went_out, hand, knee, foot)
                )
            if hand:
                held += sum_of(HELD_POINTS, hand)
            if knee:
                held += sum_of(HELD_POINTS, knee)
            if foot:
                held += sum_of(HELD_POINTS, foot)
        going_out = 0
        if went_out is not None and went_out % 2 == s:
            going_out = GOING_OUT_BONUS
            facts.append(_WENT_OUT_FACTS[s])
            missing = basic_book_missing(canastas) if valid else []
            if missing:
                errors.append(
                    RuleError(
                        f"{base}.melds",
                        "basic_book_incomplete",
                        "a side goes out only with its basic book; missing: "
                        + ", ".join(missing)
                        + " (l.216–224)",
                    )
                )
        opening = (
            _opening(entry, tuple(melds), valid, need, base, s, errors, facts)
            if entry.opening
            else None
        )
        penalties = -REMINDER_PENALTY * entry.reminder_penalties
        if penalties:
            facts.append(Fact("reminder", f"knee reminder: {penalties}", s, penalties))
        sides.append(
            {
                "melds": meld_points,
                "bonuses": bonuses,
                "red_threes": red_points,
                "going_out": going_out,
                "held": -held,
                "penalties": penalties,
                "opening": opening,
                "total": meld_points
                + bonuses
                + red_points
                + going_out
                - held
                + penalties,
            }
        )
    if errors:
        raise DealRejected(errors)
    return DealScore(
        (sides[0]["total"], sides[1]["total"]), tuple(facts), True, {"sides": sides}
    )


def _opening(entry, melds, valid, need, base, side, errors, facts) -> int | None:
    """The opening meld, if entered: within the side's melds, and worth at least
    the deal's requirement (l.191–196)."""
    opening = entry.opening
    if not opening:
        return None
    if not melds or not valid:
        return None
    parts: list[Meld] = []
    for i, part in enumerate(opening):
        if isinstance(part, int):
            if 0 <= part < len(melds):
                parts.append(melds[part])
            else:
                errors.append(
                    RuleError(
                        f"{base}.opening.{i}",
                        "no_such_meld",
                        f"the side has no meld {part} (l.191–196)",
                    )
                )
            continue
        found = check_triple_meld(part, f"{base}.opening.{i}")
        if type(found) is list:
            errors.extend(found)
        else:
            parts.append(found)
    if len(parts) != len(opening):
        return None
    whole = all(isinstance(p, int) for p in opening)
    points, errs, found_facts = check_opening(
        parts, melds, need, path=f"{base}.opening", side=side, whole=whole
    )
    errors.extend(RuleError(e.path, e.code, f"{e.message} (l.191–196)") for e in errs)
    facts.extend(found_facts)
    return points


@register
class TriplePlay(HandAndFoot):
    slug = "triple-play"
    name = "Triple Play (Hand, Knee and Foot)"
    source = "004_b5230d226dbeb56f.txt l.135–251"
    summary = (
        "Hand and Foot with a knee: 6 × 54 cards, hand 15, knee 13, foot 11; "
        "canastas of 7s 5000, 5s 3000, wilds 2500; the basic book to go out; four "
        "deals, openings 50/90/120/150."
    )
    Options = TriplePlayOptions
    deal_modes = {"cards": TriplePlayCards, "totals": TotalsDeal}
    deck = SIX_54
    rules = TRIPLE_PLAY_RULES

    def parse_deal(self, raw: Any) -> Any:
        entry = read_triple_play(raw)
        if entry is not None:
            return entry
        return super().parse_deal(raw)

    def verify_and_score(self, state: MatchState, deal: Any) -> DealScore:
        if isinstance(deal, TotalsDeal):
            return self.score_totals(state, deal)
        return score_triple_play(self, state, deal)

    def next_deal(self, state: MatchState) -> NextDeal | None:
        if state.finished:
            return None
        need = opening_requirement(state.deal_number)
        return NextDeal(
            number=state.deal_number,
            dealer=state.dealer,
            starting_seat=state.table.next_seat(state.dealer),
            opening_requirement=(need,) * state.table.side_count,
            context=(
                opening_requirement_row((need,) * state.table.side_count),
                ContextRow(
                    code="deal_of_match",
                    label="Deal",
                    kind="text",
                    value=f"{state.deal_number} of {DEALS}",
                ),
            ),
            notes=(
                f"deal {state.deal_number} of {DEALS}: opening requirement {need} "
                "for both sides",
                f"each player is dealt a hand of {HAND_SIZE}, a knee of {KNEE_SIZE} "
                f"and a foot of {FOOT_SIZE}",
            ),
        )
