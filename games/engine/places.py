"""Finishing orders and points by place: the checks of an order (strict, with ties, an
unshared last place), the partial results (the loser, the winner, the drops) and the
points each order gives. The match of games by place is :mod:`games.engine.placing`."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Collection, Sequence
from itertools import pairwise

from games.engine.errors import RuleError
from games.engine.text import msg


def places_errors(
    places: Sequence[int], seats: int, *, path: str = "places", section: str = ""
) -> list[RuleError]:
    """``wrong_player_count`` unless there is a place per seat;
    ``not_a_finishing_order`` unless the places are 1 … ``seats`` once each."""
    where = f" ({section})" if section else ""
    if len(places) != seats:
        return [
            RuleError(
                path,
                "wrong_player_count",
                msg(
                    "enter a place for each of the {seats} players, not {count}",
                    seats=seats,
                    count=len(places),
                ),
            )
        ]
    if sorted(places) == list(range(1, seats + 1)):
        return []
    seen: set[int] = set()
    errors = []
    for seat, place in enumerate(places):
        if not 1 <= place <= seats or place in seen:
            errors.append(
                RuleError(
                    f"{path}.{seat}",
                    "not_a_finishing_order",
                    msg(
                        "place {place}: the places are 1 (first out) to {seats}, "
                        "each once{where}",
                        place=place,
                        seats=seats,
                        where=where,
                    ),
                )
            )
        seen.add(place)
    return errors


def order_of(places: Sequence[int]) -> tuple[int, ...]:
    """The seats first out first, from each seat's place (1 = first)."""
    return tuple(sorted(range(len(places)), key=lambda seat: places[seat]))


def place_points(order: Sequence[int]) -> tuple[int, ...]:
    """Points by place, per seat: the first of ``order`` scores n − 1, the last 0."""
    n = len(order)
    points = [0] * n
    for place, seat in enumerate(order):
        points[seat] = n - 1 - place
    return tuple(points)


def still_in(seats: int, out: Collection[int]) -> tuple[int, ...]:
    """The seats not yet out, in seat order."""
    return tuple(s for s in range(seats) if s not in out)


def elimination_points(
    seats: int, out: Collection[int], dropped: int
) -> tuple[int, ...]:
    """One drop: a point to every player still in after ``dropped`` went out."""
    return tuple(1 if s not in out and s != dropped else 0 for s in range(seats))


def tied_places_errors(
    places: Sequence[int], seats: int, *, path: str = "places", section: str = ""
) -> list[RuleError]:
    """Places that may share: players who went out at the same moment share the
    better place and the places they cover are skipped (1, 2, 2, 4 — a competition
    ranking). ``wrong_player_count`` unless there is a place per seat;
    ``not_a_finishing_order`` at each seat whose place does not fit."""
    where = f" ({section})" if section else ""
    if len(places) != seats:
        return places_errors(places, seats, path=path, section=section)
    ranked = sorted(places)
    if ranked[0] == 1 and ranked[-1] <= seats:
        steps = pairwise(ranked)
        if all(p in (q, i) for i, (q, p) in enumerate(steps, start=2)):
            return []
    errors = []
    for seat, place in enumerate(places):
        ahead = sum(1 for p in places if p < place)
        if not 1 <= place <= seats or ahead != place - 1:
            params = {"place": place, "ahead": ahead, "due": ahead + 1, "where": where}
            text = (
                msg(
                    "place {place}: {ahead} player finished ahead, so the place is "
                    "{due} (players out together share a place, and the next place "
                    "skips){where}",
                    **params,
                )
                if ahead == 1
                else msg(
                    "place {place}: {ahead} players finished ahead, so the place is "
                    "{due} (players out together share a place, and the next place "
                    "skips){where}",
                    **params,
                )
            )
            errors.append(RuleError(f"{path}.{seat}", "not_a_finishing_order", text))
    return errors


def shared_last_errors(
    places: Sequence[int], *, path: str = "places", section: str = "", why: str = ""
) -> list[RuleError]:
    """``shared_last_place`` when more than one seat holds the last place of a game
    whose loser is always one player (who is left holding the penalty card)."""
    last = max(places, default=0)
    if places.count(last) < 2:
        return []
    holders = [s for s, p in enumerate(places) if p == last]
    where = f" ({section})" if section else ""
    return [
        RuleError(
            f"{path}.{holders[-1]}",
            "shared_last_place",
            msg(
                "place {last} is shared, but one player is left with cards and "
                "loses: {why}{where}",
                last=last,
                why=why,
                where=where,
            )
            if why
            else msg(
                "place {last} is shared, but one player is left with cards and "
                "loses{where}",
                last=last,
                where=where,
            ),
        )
    ]


def beaten_points(places: Sequence[int]) -> tuple[int, ...]:
    """Per seat, the players who finished behind it (a strict order gives
    n − 1 … 0, as :func:`place_points`; players out together beat nobody of their
    own group)."""
    ranked = sorted(places)
    n = len(ranked)
    return tuple(n - bisect_right(ranked, p) for p in places)


def first_points(places: Sequence[int]) -> tuple[int, ...]:
    """1 to each seat in first place, 0 to the others."""
    return tuple(1 if p == 1 else 0 for p in places)


def last_points(places: Sequence[int]) -> tuple[int, ...]:
    """−1 to each seat in the last place (the loser), 0 to the others."""
    last = max(places, default=0)
    return tuple(-1 if p == last else 0 for p in places)


def places_of_loser(seats: int, loser: int) -> tuple[int, ...]:
    """Only the loser known: the others share place 1, the loser is last."""
    return tuple(seats if s == loser else 1 for s in range(seats))


def places_of_winner(seats: int, winner: int) -> tuple[int, ...]:
    """Only the winner known: the others share place 2."""
    return tuple(1 if s == winner else 2 for s in range(seats))


def places_of_winner_and_loser(seats: int, winner: int, loser: int) -> tuple[int, ...]:
    """The winner first, the loser last, the others sharing place 2 between."""
    return tuple(1 if s == winner else seats if s == loser else 2 for s in range(seats))


def places_of_drops(seats: int, out: Sequence[int]) -> tuple[int, ...]:
    """An elimination read as places: the first out is last (place n), the one
    left at the end first."""
    places = [1] * seats
    for k, seat in enumerate(out):
        places[seat] = seats - k
    return tuple(places)
