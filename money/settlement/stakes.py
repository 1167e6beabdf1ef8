"""Settling a game for money: book ``001_b57793035adc3f64.txt`` §1.2 *Money stakes*.

Terms (the book's)
    *value of a point*: money per point, agreed before the game (e.g. 0.05 EUR).
    *side*: a player, or a team of players, that has one score.
    *two-side method*: with two players or teams, "the losers pay the winners the
    difference of scores × the value of a point".
    *average method*: with more than two individual players, each pays
    ``(average - score) × value`` into the pot or takes ``(score - average) × value``
    out of it; "as much is paid to the pot as is taken from there".
    *chip game*: poker chips are money (Mah Jong, Sinkki, Tong-Its); payments go player
    to player per deal and are settled at the chip value.
    *win/loss-only game*: Huutopussi and Go (§1.2) -- the margin makes no difference,
    so a per-point stake is refused; a flat stake per match won is allowed. A game
    says so itself (``stakes_per_point = False`` on :class:`games.engine.Game`);
    this module reads the declaration and names no game.
    *net*: what a person receives (positive) or pays (negative), in minor units.

Invariants (tested)
    * Every :class:`Settlement` has nets summing to exactly zero, in whole minor units.
    * Every net is within one minor unit of its exact (rational) value; rounding is
      by largest remainder (:mod:`.allocation`), never by floats.
    * A team's share of a split is exact to the cent: the team pays or receives the
      whole (rounded) team amount.

Choices (see ``docs/money.md``)
    * Teams default to :attr:`TeamMode.PER_MEMBER`: each loser pays, and each winner
      receives, the full difference × value. The book's "the losers pay the winners"
      names players; a club sets the value of a point as what *a player* stands to win
      or lose, the same whether the game is played in teams or not, and partnership
      games played for stakes (rubber bridge) settle that way. It also needs no odd
      cent. :attr:`TeamMode.SPLIT` (the team's one amount shared by its members) is an
      option.
    * Odd cents are spread fairly over a session with an :class:`OddUnitLedger`: for
      each person it keeps the running sum of ``rounded - exact``; when shares tie on
      their remainder, the extra unit (a cent more received, or a cent less paid) goes
      to whoever is behind. Settle a session's matches in the order played, passing
      each result's ledger to the next, and nobody systematically gets the odd cent.
      The ledger is derived data: re-folding the matches rebuilds it.
    * A single amount that falls between cents (only possible when the point value is
      finer than the currency's minor unit) is rounded half up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from games.engine.text import msg
from games.engine.wording import all_of

from .allocation import allocate_equally, round_to_total
from .currency import format_minor
from .errors import MoneyError
from .terms import (
    FlatStake,
    OddUnitLedger,
    PointStake,
    Score,
    Settlement,
    Side,
    TeamMode,
    check_people,
    exact_score,
    fmt_exact_money,
    fmt_number,
    round_half_up,
    settlement_checked,
    tie_keys,
)

# --- helpers -----------------------------------------------------------------------


# --- two sides ---------------------------------------------------------------------


def settle_two_sides(
    first: Side,
    second: Side,
    stake: PointStake,
    *,
    team_mode: TeamMode = TeamMode.PER_MEMBER,
    ledger: OddUnitLedger | None = None,
) -> Settlement:
    """§1.2: "the losers pay the winners the difference of scores × the value of a
    point" (two players, or two teams)."""
    ledger = ledger or OddUnitLedger()
    sides = (first, second)
    for i, side in enumerate(sides):
        if not side.members:
            raise MoneyError(
                f"sides.{i}.members", "empty_side", msg("A side has no one.")
            )
    people = [*first.members, *second.members]
    check_people(people, "sides.members")
    scores = [exact_score(s.score, f"sides.{i}.score") for i, s in enumerate(sides)]
    cur = stake.currency
    lines = [
        msg("Value of a point: {stake}.", stake=stake.describe()),
        msg(
            "Scores: {first} {first_score}, {second} {second_score}.",
            first=first.label,
            first_score=fmt_number(scores[0]),
            second=second.label,
            second_score=fmt_number(scores[1]),
        ),
    ]
    exact = {p: Fraction(0) for p in people}
    rounded = dict.fromkeys(people, 0)
    if scores[0] == scores[1]:
        lines.append(msg("Equal scores: nobody pays."))
        return settlement_checked(
            "two_sides", cur, people, exact, rounded, lines, ledger
        )
    win, lose = (0, 1) if scores[0] > scores[1] else (1, 0)
    winners, losers = sides[win], sides[lose]
    diff = scores[win] - scores[lose]
    amount_exact = diff * stake.minor_per_point()
    amount = round_half_up(amount_exact)
    difference = {
        "won": fmt_number(scores[win]),
        "lost": fmt_number(scores[lose]),
        "difference": fmt_number(diff),
        "stake": stake.describe(),
        "exact": fmt_exact_money(amount_exact, cur),
    }
    if amount != amount_exact:
        lines.append(
            msg(
                "Difference {won} − {lost} = {difference} points; {difference} "
                "points × {stake} = {exact}, rounded half up to {amount}.",
                **difference,
                amount=format_minor(amount, cur),
            )
        )
    else:
        lines.append(
            msg(
                "Difference {won} − {lost} = {difference} points; {difference} "
                "points × {stake} = {exact}.",
                **difference,
            )
        )
    mode = TeamMode(team_mode)
    if mode is TeamMode.PER_MEMBER and len(winners.members) != len(losers.members):
        raise MoneyError(
            "team_mode",
            "unequal_team_sizes",
            msg("Per-member settlement needs teams of equal size; use the split mode."),
        )
    if mode is TeamMode.PER_MEMBER or len(winners.members) == len(losers.members) == 1:
        for p in winners.members:
            exact[p], rounded[p] = amount_exact, amount
        for p in losers.members:
            exact[p], rounded[p] = -amount_exact, -amount
        if len(winners.members) == 1:
            lines.append(
                msg(
                    "{losers} pays {winners} {amount}.",
                    losers=losers.label,
                    winners=winners.label,
                    amount=format_minor(amount, cur),
                )
            )
        else:
            lines.append(
                msg(
                    "Per member: {losers} each pay {amount}; {winners} each "
                    "receive {amount}.",
                    losers=all_of(losers.members),
                    winners=all_of(winners.members),
                    amount=format_minor(amount, cur),
                )
            )
        return settlement_checked(
            "two_sides", cur, people, exact, rounded, lines, ledger
        )
    for side, sign in ((winners, 1), (losers, -1)):
        members = side.members
        shares = allocate_equally(
            sign * amount, len(members), tie_break=tie_keys(members, ledger)
        )
        for p, share in zip(members, shares, strict=True):
            exact[p] = sign * amount_exact / len(members)
            rounded[p] = share
        parts = ", ".join(
            f"{p} {format_minor(abs(s), cur)}"
            for p, s in zip(members, shares, strict=True)
        )
        said = {"side": side.label, "amount": format_minor(amount, cur), "parts": parts}
        lines.append(
            msg("Split: {side}, the winners, receive {amount} in all: {parts}.", **said)
            if sign > 0
            else msg("Split: {side}, the losers, pay {amount} in all: {parts}.", **said)
        )
        if len(set(shares)) > 1:
            lines.append(
                msg(
                    "The odd {unit} of {side} goes to whoever the session's "
                    "rounding has favoured least so far.",
                    unit=format_minor(1, cur),
                    side=side.label,
                )
            )
    return settlement_checked("two_sides", cur, people, exact, rounded, lines, ledger)


# --- average method ----------------------------------------------------------------


def settle_average(
    scores: Mapping[str, Score],
    stake: PointStake,
    *,
    ledger: OddUnitLedger | None = None,
) -> Settlement:
    """§1.2 average method for individual players (meant for three or more).

    With two players it gives exactly half of :func:`settle_two_sides` -- the book's
    "approximately half" remark, exact for two.
    """
    ledger = ledger or OddUnitLedger()
    people = list(scores)
    if len(people) < 2:
        raise MoneyError(
            "scores", "too_few_players", msg("At least two players settle.")
        )
    check_people(people, "scores")
    exact_scores = {p: exact_score(scores[p], f"scores.{p}") for p in people}
    cur = stake.currency
    total = sum(exact_scores.values(), Fraction(0))
    average = total / len(people)
    per_point = stake.minor_per_point()
    exact = {p: (exact_scores[p] - average) * per_point for p in people}
    shares = round_to_total(
        [exact[p] for p in people], 0, tie_break=tie_keys(people, ledger)
    )
    rounded = dict(zip(people, shares, strict=True))
    lines = [
        msg("Value of a point: {stake}.", stake=stake.describe()),
        msg(
            "Scores: {scores}.",
            scores=", ".join(f"{p} {fmt_number(exact_scores[p])}" for p in people),
        ),
        msg(
            "Average: {total} / {count} = {average}.",
            total=fmt_number(total),
            count=len(people),
            average=fmt_number(average),
        ),
    ]
    for p in people:
        delta = exact_scores[p] - average
        if delta == 0:
            lines.append(
                msg("{player}: exactly the average, pays and takes nothing.", player=p)
            )
            continue
        # One whole sentence a case, so that each reads naturally when translated.
        said = {
            "player": p,
            "score": fmt_number(exact_scores[p]),
            "average": fmt_number(average),
            "stake": stake.describe(),
            "exact": fmt_exact_money(abs(exact[p]), cur),
            "amount": format_minor(abs(rounded[p]), cur),
        }
        if delta > 0 and rounded[p] != exact[p]:
            line = msg(
                "{player} takes from the pot: ({score} − {average}) × {stake} = "
                "{exact}, rounded to {amount}.",
                **said,
            )
        elif delta > 0:
            line = msg(
                "{player} takes from the pot: ({score} − {average}) × {stake} = "
                "{exact}.",
                **said,
            )
        elif rounded[p] != exact[p]:
            line = msg(
                "{player} pays into the pot: ({average} − {score}) × {stake} = "
                "{exact}, rounded to {amount}.",
                **said,
            )
        else:
            line = msg(
                "{player} pays into the pot: ({average} − {score}) × {stake} = "
                "{exact}.",
                **said,
            )
        lines.append(line)
    paid_in = -sum(s for s in shares if s < 0)
    lines.append(
        msg(
            "Paid into the pot {paid_in}, taken from it {taken}.",
            paid_in=format_minor(paid_in, cur),
            taken=format_minor(sum(s for s in shares if s > 0), cur),
        )
    )
    return settlement_checked("average", cur, people, exact, rounded, lines, ledger)


def settle_scores(
    sides: Sequence[Side],
    stake: PointStake,
    *,
    team_mode: TeamMode = TeamMode.PER_MEMBER,
    ledger: OddUnitLedger | None = None,
) -> Settlement:
    """Pick the §1.2 method: two sides -> difference; more individuals -> average."""
    if len(sides) < 2:
        raise MoneyError(
            "sides", "too_few_sides", msg("Settling needs at least two sides.")
        )
    if len(sides) == 2:
        return settle_two_sides(
            sides[0], sides[1], stake, team_mode=team_mode, ledger=ledger
        )
    for i, side in enumerate(sides):
        if len(side.members) != 1:
            raise MoneyError(
                f"sides.{i}.members",
                "average_needs_individuals",
                msg(
                    "With more than two sides, the book's average method is for "
                    "players playing individually."
                ),
            )
    people = [s.members[0] for s in sides]
    check_people(people, "sides.members")
    return settle_average({s.members[0]: s.score for s in sides}, stake, ledger=ledger)


def _flat_paid(losers: Sequence[str], winners: Sequence[str], amount: str) -> str:
    """Who pays and who receives a flat stake: a whole sentence for each number of
    losers and winners, so that a translation need not build a verb's ending."""
    said = {
        "losers": ", ".join(losers),
        "winners": ", ".join(winners),
        "amount": amount,
    }
    if len(losers) == 1 and len(winners) == 1:
        return msg("{losers} pays {amount} in all; {winners} receives it.", **said)
    if len(losers) == 1:
        return msg("{losers} pays {amount} in all; {winners} receive it.", **said)
    if len(winners) == 1:
        return msg("{losers} pay {amount} in all; {winners} receives it.", **said)
    return msg("{losers} pay {amount} in all; {winners} receive it.", **said)


def settle_flat(
    winners: Sequence[str],
    losers: Sequence[str],
    stake: FlatStake,
    *,
    team_mode: TeamMode = TeamMode.PER_MEMBER,
    ledger: OddUnitLedger | None = None,
) -> Settlement:
    """A flat amount per match won (also for win/loss-only games).

    Per member (default): each loser pays the amount; the winners share what is paid
    (with one winner, or teams of equal size, each winner receives the amount).
    Split: the losing side pays the amount once, shared; the winners share it.
    """
    ledger = ledger or OddUnitLedger()
    if not winners or not losers:
        raise MoneyError(
            "winners" if not winners else "losers",
            "empty_side",
            msg("A flat stake needs at least one winner and one loser."),
        )
    people = [*winners, *losers]
    check_people(people, "players")
    cur = stake.amount.currency
    amount = stake.amount.minor
    mode = TeamMode(team_mode)
    paid_each = mode is TeamMode.PER_MEMBER
    pot = amount * len(losers) if paid_each else amount
    lose_shares = (
        (-amount,) * len(losers)
        if paid_each
        else allocate_equally(-pot, len(losers), tie_break=tie_keys(losers, ledger))
    )
    win_shares = allocate_equally(
        pot, len(winners), tie_break=tie_keys(winners, ledger)
    )
    exact = dict.fromkeys(winners, Fraction(pot, len(winners)))
    loser_exact = Fraction(-amount) if paid_each else Fraction(-pot, len(losers))
    exact.update(dict.fromkeys(losers, loser_exact))
    rounded = dict(zip(winners, win_shares, strict=True))
    rounded.update(zip(losers, lose_shares, strict=True))
    flat = str(stake.amount)
    lines = [
        msg("Flat stake: {amount} per match won (each loser pays).", amount=flat)
        if paid_each
        else msg(
            "Flat stake: {amount} per match won (the losing side pays once).",
            amount=flat,
        ),
        _flat_paid(losers, winners, format_minor(pot, cur)),
    ]
    return settlement_checked("flat", cur, people, exact, rounded, lines, ledger)
