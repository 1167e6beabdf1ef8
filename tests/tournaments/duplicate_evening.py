"""One Sakaali-for-eight evening (book §39.7), worked out by hand for the tests.

Team A (seed 1) and team B (seed 2), four players each. Stanza 1: table 1 seats A's
players 1 & 2 North-South against B's players 1 & 2 and plays boards D1–D4; table 2
seats B's players 3 & 4 North-South against A's players 3 & 4 and plays D5–D8.
Stanza 2: the pairs change tables and keep their directions, so each board's
North-South hands are held by the other team.

Each play lists the North-South team's ten cards, the East-West team's ten cards,
their card points (39.4: sets 0, pair 25, single value + 20) and the game points
(winner: the difference + 20, + 30 all in sets; a tie carries the 20 to the next
board of the table; a tie on a stanza's last board lapses).
"""

from __future__ import annotations

TEAM_A = "Team A: Aino & Antti & Aada & Aleksi"
TEAM_B = "Team B: Bea & Bruno & Bertta & Boris"

# board -> stanza -> (NS cards, EW cards, card points [NS, EW], game points [NS, EW])
PLAYS: dict[str, dict[int, tuple]] = {
    "D1": {
        # A: three 7s, 8s, 9s, single K 33. B: pair 2s 25, three 3s, 4s, pair 5s 25.
        # A wins 50 − 33 = 17 + 20.
        1: (
            ["7S 7H 7D 8S 8H", "8D 9S 9H 9D KS"],
            ["2S 2H 3S 3H 3D", "4S 4H 4D 5S 5H"],
            [33, 50],
            [37, 0],
        ),
        # B: four 7s, three 8s, three 9s 0. A: pair of 2s 25, single 5 25, single
        # king 33 = 83. B wins 83 + 20 + 30.
        2: (
            "7S 7H 7D 7C 8S 8H 8D 9S 9H 9D",
            "2S 2H 3S 3H 3D 4S 4H 4D 5S KD",
            [0, 83],
            [133, 0],
        ),
    },
    "D2": {
        # A: pairs of queens and kings 50. B: single ace 21. B wins 29 + 20.
        1: (
            ["QS QH KS KH 2S", "2H 2D 3S 3H 3D"],
            ["AS 4S 4H 4D 5S", "5H 5D 6S 6H 6D"],
            [50, 21],
            [0, 49],
        ),
        # B: 50; A: pair of aces, pair of 6s 50. A tie: the bonus carries to D3.
        2: (
            "QS QH KS KH 2S 2H 2D 3S 3H 3D",
            "AS AH 4S 4H 4D 5S 5H 5D 6S 6H",
            [50, 50],
            [0, 0],
        ),
    },
    "D3": {
        # A: three jacks, three queens, four kings 0. B: single 2 22.
        # A wins 22 + 20 + 30.
        1: (
            ["JS JH JD QS QH", "QD KS KH KD KC"],
            ["2S 3S 3H 3D 4S", "4H 4D 5S 5H 5D"],
            [0, 22],
            [72, 0],
        ),
        # After D2's tie the bonus is 40. B: single ace 21. A: single 2 22, single
        # 3 23, pair of 6s 25 = 70. B wins 49 + 40.
        2: (
            "JS JH JD QS QH QD KS KH KD AS",
            "2S 3S 4S 4H 4D 5S 5H 5D 6S 6H",
            [21, 70],
            [89, 0],
        ),
    },
    "D4": {
        # A: pairs of 10s and 7s 50. B: pairs of 2s and 3s 50. A tie on the
        # stanza's last board: nothing, and the bonus lapses.
        1: (
            ["10S 10H 9S 9H 9D", "8S 8H 8D 7S 7H"],
            ["2S 2H 3S 3H 4S", "4H 4D 5S 5H 5D"],
            [50, 50],
            [0, 0],
        ),
        # B: pair of 10s 25, single 7 27, single 6 26 = 78. A: all in sets.
        # A wins 78 + 20 + 30.
        2: (
            "10S 10H 9S 9H 9D 8S 8H 8D 7S 6S",
            "2S 2H 2D 3S 3H 3D 4S 4H 4D 4C",
            [78, 0],
            [0, 128],
        ),
    },
    "D5": {
        # B: pairs of 3s and 4s 50. A: single 8 28. A wins 22 + 20.
        1: (
            ["AS AH AD 2S 2H", "2D 3S 3H 4S 4H"],
            ["5S 5H 5D 6S 6H", "6D 7S 7H 7D 8S"],
            [50, 28],
            [0, 42],
        ),
        # A: all in sets. B: pairs of 7s and 8s 50. A wins 50 + 20 + 30.
        2: (
            "AS AH AD 2S 2H 2D 3S 3H 3D 3C",
            "5S 5H 5D 6S 6H 6D 7S 7H 8S 8H",
            [0, 50],
            [100, 0],
        ),
    },
    "D6": {
        # B: single queen 32. A: pairs of 2s and 5s 50. B wins 18 + 20.
        1: (
            ["9S 9H 9D 10S 10H", "10D JS JH JD QS"],
            ["2S 2H 3S 3H 3D", "4S 4H 4D 5S 5H"],
            [32, 50],
            [38, 0],
        ),
        # A: all in sets. B: pair of 2s 25, single 5 25, single 6 26 = 76.
        # A wins 76 + 20 + 30.
        2: (
            "9S 9H 9D 10S 10H 10D JS JH JD JC",
            "2S 2H 3S 3H 3D 4S 4H 4D 5S 6S",
            [0, 76],
            [126, 0],
        ),
    },
    "D7": {
        # B: pairs of jacks and 10s 50. A: pairs of 4s and 5s 50. A tie: the bonus
        # carries to D8.
        1: (
            ["KS KH KD QS QH", "QD JS JH 10S 10H"],
            ["2S 2H 2D 3S 3H", "3D 4S 4H 5S 5H"],
            [50, 50],
            [0, 0],
        ),
        # A: single 10 30. B: single 5 25. B wins 5 + 20.
        2: (
            "KS KH KD QS QH QD JS JH JD 10S",
            "2S 2H 2D 3S 3H 3D 4S 4H 4D 5S",
            [30, 25],
            [0, 25],
        ),
    },
    "D8": {
        # After D7's tie the bonus is 40. B: single 6 26. A: pairs of 2s, 3s 50.
        # B wins 24 + 40.
        1: (
            ["6S 7S 7H 7D 8S", "8H 8D 9S 9H 9D"],
            ["2S 2H 3S 3H 4S", "4H 4D 5S 5H 5D"],
            [26, 50],
            [64, 0],
        ),
        # A: all in sets. B: 50. A wins 50 + 20 + 30.
        2: (
            "6S 6H 6D 7S 7H 7D 8S 8H 8D 8C",
            "2S 2H 3S 3H 4S 4H 4D 5S 5H 5D",
            [0, 50],
            [100, 0],
        ),
    },
}

# Who holds North-South: stanza 1 A at table 1 (D1–D4), B at table 2 (D5–D8);
# stanza 2 the other way round.
NS_TEAM = {
    (1, "D1"): "A",
    (1, "D5"): "B",
    (2, "D1"): "B",
    (2, "D5"): "A",
}

# Each team's swing per board (its net with the board's cards minus the other
# team's with the same cards), by hand: e.g. D1: A's North-South +37 at table 1
# in stanza 1, B's North-South +133 with the same hands in stanza 2: A −96.
SWING_A = {
    "D1": 37 - 133,
    "D2": -49 - 0,
    "D3": 72 - 89,
    "D4": 0 - (-128),
    "D5": 100 - (-42),
    "D6": 126 - 38,
    "D7": -25 - 0,
    "D8": 100 - 64,
}
# §39.7.3: the game points of the 2 × 8 deal-plays.
GAME_POINTS = {
    "A": 37 + 72 + 128 + 42 + 100 + 126 + 100,  # 605
    "B": 133 + 49 + 89 + 38 + 25 + 64,  # 398
}
# (stanza, table) -> (North-South, East-West) game points of the table's match:
# stanza 1 table 1 A 109–49 B, table 2 B 102–42 A; stanza 2 table 1 B 222–128 A,
# table 2 A 326–25 B. Each team wins two tables: match points are level, and the
# game points decide (A by 207).
TABLE_TOTALS = {
    (1, 1): (37 + 72, 49),
    (1, 2): (38 + 64, 42),
    (2, 1): (133 + 89, 128),
    (2, 2): (100 + 126 + 100, 25),
}


def deal_input(board: str, stanza: int, *, with_board: bool = False) -> dict:
    """The deal as a scorer enters it: hands where the evening lists hands."""
    ns, ew, _card_points, _game_points = PLAYS[board][stanza]

    def team(cards):
        return {"hands": cards} if isinstance(cards, list) else {"cards": cards}

    raw = {"teams": [team(ns), team(ew)]}
    if with_board:
        raw["board"] = board
    return raw
