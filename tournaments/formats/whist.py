"""Z-cyclic whist tournaments: the exact partner rotation where one is found.

A whist tournament seats n players at tables of four, two partners against two, so
that every two players partner once and oppose each other twice. A Z-cyclic one is
developed from its first round by adding 1 to every player's number each round;
:mod:`tournaments.formats.partner_rotation` uses it when the search below finds one.
"""

from __future__ import annotations

from tournaments.formats import memo

INFINITY = -1  # the fixed player of a whist on n ≡ 0 (mod 4) players


@memo.remembered
def cyclic_whist(
    n: int, limit: int = 20000
) -> tuple[int, tuple[tuple[tuple[int, int], tuple[int, int]], ...]] | None:
    """The first round of a Z-cyclic whist tournament on ``n`` players, if found.

    Players are the integers mod m (m = n - 1 plus a fixed player ``INFINITY`` when
    n ≡ 0 mod 4; m = n, with 0 sitting out, when n ≡ 1 mod 4). Round r adds r to
    every number. Developing the first round gives every pair as partners exactly
    once and as opponents exactly twice iff, over the first round, every difference
    class ±d occurs once between partners and twice between opponents — which is
    what the backtracking below enforces. Known to succeed quickly for 4, 8, 12,
    13, 16, 17 and 20 players; ``limit`` bounds the search, and ``None`` sends the
    caller to the circle method plus hill-climbing.

    The answer depends on ``n`` alone, so it is kept (every round of a rotation asks
    again). A failing search visits ``limit`` nodes, each trying every table of the
    free players: a used partner class, or a third player already met twice by
    either partner, is skipped before the other classes are looked up, in a table of
    the classes, which visits the same nodes in the same
    order as trying each table in full (the answer is the same) several times
    faster — 48 players took 30 s before (issue 29).
    """
    if n % 4 == 0:
        m = n - 1
    elif n % 4 == 1:
        m = n
    else:
        return None
    if m < 3:
        return None
    half = (m - 1) // 2
    partner_used = [0] * (half + 1)
    opponent_used = [0] * (half + 1)
    used = [False] * m
    used[0] = True  # 0 sits with the fixed player (n ≡ 0) or sits out (n ≡ 1)
    tables: list[tuple[tuple[int, int], tuple[int, int]]] = []
    nodes = 0
    # cls[a][b]: the difference class ±(b - a) of two numbers mod m.
    cls = [[min((b - a) % m, m - (b - a) % m) for b in range(m)] for a in range(m)]

    def place(partner_a: int, partner_b: int, opp: list[int]) -> bool:
        if partner_used[partner_a] or (partner_b and partner_used[partner_b]):
            return False
        if partner_a == partner_b and partner_b:
            return False
        for c in opp:
            opponent_used[c] += 1
        if any(opponent_used[c] > 2 for c in opp):
            for c in opp:
                opponent_used[c] -= 1
            return False
        partner_used[partner_a] += 1
        if partner_b:
            partner_used[partner_b] += 1
        return True

    def unplace(partner_a: int, partner_b: int, opp: list[int]) -> None:
        for c in opp:
            opponent_used[c] -= 1
        partner_used[partner_a] -= 1
        if partner_b:
            partner_used[partner_b] -= 1

    def search() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            return False
        free = [x for x in range(m) if not used[x]]
        if not free:
            return True
        x1 = free[0]
        from_x1 = cls[x1]
        for x2 in free[1:]:
            pa = from_x1[x2]
            if partner_used[pa]:
                continue  # place() refuses every table with this partner class
            from_x2 = cls[x2]
            rest = [x for x in free[1:] if x != x2]
            for i, x3 in enumerate(rest):
                c13, c23 = from_x1[x3], from_x2[x3]
                if (
                    opponent_used[c13] > 1
                    or opponent_used[c23] > 1
                    or (c13 == c23 and opponent_used[c13])
                ):
                    continue  # place() refuses x3 with any x4: a class over two
                from_x3 = cls[x3]
                for x4 in rest[i + 1 :]:
                    pb = from_x3[x4]
                    if partner_used[pb] or pa == pb:
                        continue  # as above
                    opp = [c13, from_x1[x4], c23, from_x2[x4]]
                    if not place(pa, pb, opp):
                        continue
                    for x in (x1, x2, x3, x4):
                        used[x] = True
                    tables.append(((x1, x2), (x3, x4)))
                    if search():
                        return True
                    tables.pop()
                    for x in (x1, x2, x3, x4):
                        used[x] = False
                    unplace(pa, pb, opp)
        return False

    if m == n:
        return (m, tuple(tables)) if search() else None
    # n ≡ 0 (mod 4): the fixed player partners 0 against some (a, b).
    for a in range(1, m):
        for b in range(a + 1, m):
            opp = [cls[0][a], cls[0][b]]
            if not place(cls[a][b], 0, opp):
                continue
            used[a] = used[b] = True
            tables.append(((INFINITY, 0), (a, b)))
            if search():
                return m, tuple(tables)
            tables.pop()
            used[a] = used[b] = False
            unplace(cls[a][b], 0, opp)
    return None
