"""Result shapes by place: a finishing order, and elimination one player at a time.

Games that keep no score but an order — who went out first (Chinese Poker §24,
Valepaska §40, Musta Pekka §35), who dropped out when (Kiertopokeri §23) — share
these pieces:

* **finishing order** — the seats in the order the players finished, first out
  first; every seat once. A scorer enters it as each player's **place** (1 = first
  out), one number per player: :func:`places_errors` checks that the places are
  1 … *n* once each, :func:`order_of` reads the order from them, and
  :func:`place_points` turns it into points (the first of *n* scores *n* − 1, the
  last 0), so totals over several games order the players as their places did.
* **elimination** — one player drops out at a time and the last one left wins.
  :func:`elimination_points` scores one drop: one point to every player still in,
  so after the game the first out holds 0 and the winner *n* − 1 — the same points
  as the finishing order read backwards. :func:`still_in` lists who is left.

Invariants: a finishing order of *n* seats scores 0 + 1 + … + (*n* − 1); an
elimination game of *n* players scores the same in all, one drop at a time.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from games.engine.errors import RuleError


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
                f"enter a place for each of the {seats} players, not {len(places)}",
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
                    f"place {place}: the places are 1 (first out) to {seats}, "
                    f"each once{where}",
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
