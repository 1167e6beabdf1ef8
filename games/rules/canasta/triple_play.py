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
from typing import Any

from games.engine.cards import Card
from games.engine.errors import DealRejected, RuleError
from games.engine.game import DealScore, Fact, MatchState
from games.engine.registry import register

# The family reader's card-list helpers (same package): one spelling table.
from games.engine.text import Seat, Text, msg, msgn
from games.engine.wording import as_text, comma_list
from games.rules.canasta.deal_input import TotalsDeal
from games.rules.canasta.hand_and_foot import (
    HandAndFoot,
    opening_requirement,
)
from games.rules.canasta.melds import Meld
from games.rules.canasta.openings import check_opening
from games.rules.canasta.side import deck_errors
from games.rules.canasta.triple_play_input import (
    TriplePlayCards,
    TriplePlayOptions,
    read_triple_play,
)
from games.rules.canasta.triple_play_melds import (
    CANASTA,
    FIVES_BONUS,
    FOOT_SIZE,
    GOING_OUT_BONUS,
    HAND_SIZE,
    HELD_POINTS,
    KNEE_SIZE,
    MIXED_BONUS,
    NATURAL_BONUS,
    RED_THREE_EACH,
    RED_THREES_SEVEN,
    RED_THREES_SEVEN_BONUS,
    REMINDER_PENALTY,
    SEVENS_BONUS,
    SIX_54,
    TRIPLE_PLAY_RULES,
    WILD_BONUS,
    basic_book_missing,
    canasta_bonus,
    check_triple_meld,
    meld_name,
)
from games.rules.canasta.values import (
    RED_THREES,
    sum_of,
)


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
                    msg(
                        "a pile never picked up still has its {size} cards "
                        "({entered} entered) (l.159)",
                        size=size,
                        entered=len(pile),
                    ),
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
                    msg(
                        "{seat} went out: hand empty, knee and foot played (l.216)",
                        seat=Seat(seat),
                    ),
                )
            )
    elif not hand and knee is None and foot is None:
        errors.append(
            RuleError(
                path,
                "no_cards_left",
                msg(
                    "{seat} did not go out, so they hold a card in hand, knee or "
                    "foot (l.216)",
                    seat=Seat(seat),
                ),
            )
        )
    return errors


# Facts are immutable values: one object per kind and side serves every deal.
_CANASTA_FACTS = {
    (kind, side): Fact(f"{kind}_canasta", text, side, bonus)
    for kind, text, bonus in (
        (
            "sevens",
            msg("sevens canasta: {bonus}", bonus=SEVENS_BONUS),
            SEVENS_BONUS,
        ),
        ("fives", msg("fives canasta: {bonus}", bonus=FIVES_BONUS), FIVES_BONUS),
        ("wild", msg("wild canasta: {bonus}", bonus=WILD_BONUS), WILD_BONUS),
        (
            "natural",
            msg("natural canasta: {bonus}", bonus=NATURAL_BONUS),
            NATURAL_BONUS,
        ),
        ("mixed", msg("mixed canasta: {bonus}", bonus=MIXED_BONUS), MIXED_BONUS),
    )
    for side in (0, 1)
}
_WENT_OUT_FACTS = tuple(
    Fact(
        "went_out",
        msg("went out: {points}", points=GOING_OUT_BONUS),
        s,
        GOING_OUT_BONUS,
    )
    for s in (0, 1)
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
        RuleError(e.path, e.code, msg("{error} (l.153)", error=as_text(e.message)))
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
                        msg(
                            "a side has one unfinished meld of {name} "
                            "at a time (also {other}) (l.197)",
                            name=meld_name(found),
                            other=f"{base}.melds.{open_rank[found.rank]}",
                        ),
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
                        msg("{card} is not a red three (l.163)", card=card.code),
                    )
                    for i, card in enumerate(reds)
                    if card not in RED_THREES
                )
            red_points = RED_THREE_EACH * len(reds)
            if len(reds) >= RED_THREES_SEVEN:
                red_points += RED_THREES_SEVEN_BONUS
            facts.append(
                Fact(
                    "red_threes",
                    msgn(
                        "{count} red three: {points}",
                        "{count} red threes: {points}",
                        count=len(reds),
                        points=red_points,
                    ),
                    s,
                    red_points,
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
                        msg(
                            "a side goes out only with its basic book; missing: "
                            "{missing} (l.216–224)",
                            missing=comma_list(missing),
                        ),
                    )
                )
        opening = (
            _opening(entry, tuple(melds), valid, need, base, s, errors, facts)
            if entry.opening
            else None
        )
        penalties = -REMINDER_PENALTY * entry.reminder_penalties
        if penalties:
            facts.append(
                Fact(
                    "reminder",
                    msg("knee reminder: {points}", points=penalties),
                    s,
                    penalties,
                )
            )
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
                        msg("the side has no meld {part} (l.191–196)", part=part),
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
    errors.extend(
        RuleError(e.path, e.code, msg("{error} (l.191–196)", error=e.message))
        for e in errs
    )
    facts.extend(found_facts)
    return points


@register
class TriplePlay(HandAndFoot):
    slug = "triple-play"
    name = "Triple Play (Hand, Knee and Foot)"
    source = "004_b5230d226dbeb56f.txt (Triple Play, l.135–251)"
    summary = (
        "Hand and Foot with a knee: 6 × 54 cards, hand 15, knee 13, foot 11; "
        "canastas of 7s 5000, 5s 3000, wilds 2500; the basic book to go out; four "
        "deals, openings 50/90/120/150."
    )
    Options = TriplePlayOptions
    deal_modes = {"cards": TriplePlayCards, "totals": TotalsDeal}
    deck = SIX_54
    rules = TRIPLE_PLAY_RULES

    # The deal's story on the sheet: what a paper sheet writes, not the sums.
    sheet_story = (
        "sevens_canasta",
        "fives_canasta",
        "wild_canasta",
        "natural_canasta",
        "mixed_canasta",
        "red_threes",
        "went_out",
        "reminder",
    )

    def parse_deal(self, raw: Any) -> Any:
        entry = read_triple_play(raw)
        if entry is not None:
            return entry
        return super().parse_deal(raw)

    def verify_and_score(self, state: MatchState, deal: Any) -> DealScore:
        if isinstance(deal, TotalsDeal):
            return self.score_totals(state, deal)
        return score_triple_play(self, state, deal)

    def dealt_note(self) -> Text:
        return msg(
            "each player is dealt a hand of {hand}, a knee of {knee} "
            "and a foot of {foot}",
            hand=HAND_SIZE,
            knee=KNEE_SIZE,
            foot=FOOT_SIZE,
        )
