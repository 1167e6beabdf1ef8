"""Matchings in general graphs: Edmonds' blossom algorithm, weighted and not.

Terms: vertices are ``0 .. n-1``; an edge is ``(i, j, weight)`` with integer weight; a
matching is returned as ``mate`` where ``mate[v]`` is ``v``'s partner or ``-1``.

:func:`max_weight_matching` is the primal-dual blossom algorithm (Edmonds 1965, in the
O(n³) formulation of Galil 1986, following the structure of Joris van Rantwijk's
reference implementation, which networkx also uses). With ``maxcardinality=True``
it returns, among the matchings of maximum cardinality, one of maximum weight —
the Swiss pairer relies on that to pair everybody it can and only then optimise.

:func:`max_cardinality_matching` is the unweighted Edmonds algorithm (BFS with
blossom contraction) started from a greedy matching; the pairer uses it as a quick
feasibility check ("can the rest of the field still be paired at all?").

Invariants: weights must be ints (the dual variables then stay integral — weights are
doubled internally so that halving a slack is always exact); inputs are not mutated;
the result is deterministic for a given edge order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


def max_weight_matching(
    n: int, edges: Sequence[tuple[int, int, int]], *, maxcardinality: bool = False
) -> list[int]:
    """A maximum-weight matching of the graph on ``n`` vertices; see module doc."""
    mate_out = [-1] * n
    if not edges:
        return mate_out
    # Doubling keeps every dual and every halved slack an integer.
    edges = [(i, j, 2 * w) for i, j, w in edges]
    nedge = len(edges)
    nvertex = n
    maxweight = max(0, max(w for _, _, w in edges))
    endpoint = [edges[p >> 1][p & 1] for p in range(2 * nedge)]
    neighbend: list[list[int]] = [[] for _ in range(nvertex)]
    for k, (i, j, _) in enumerate(edges):
        if i == j:
            raise ValueError("self-loop in matching graph")
        neighbend[i].append(2 * k + 1)
        neighbend[j].append(2 * k)

    mate = [-1] * nvertex  # endpoint index of the matched edge, not the vertex
    label = [0] * (2 * nvertex)  # 0 free, 1 S (outer), 2 T (inner); 5 = scan mark
    labelend = [-1] * (2 * nvertex)
    inblossom = list(range(nvertex))
    blossomparent = [-1] * (2 * nvertex)
    blossomchilds: list[list[int] | None] = [None] * (2 * nvertex)
    blossombase = list(range(nvertex)) + [-1] * nvertex
    blossomendps: list[list[int] | None] = [None] * (2 * nvertex)
    bestedge = [-1] * (2 * nvertex)
    blossombestedges: list[list[int] | None] = [None] * (2 * nvertex)
    unusedblossoms = list(range(nvertex, 2 * nvertex))
    dualvar = [maxweight] * nvertex + [0] * nvertex
    allowedge = [False] * nedge
    queue: list[int] = []

    # Flat arrays: the slack of an edge is computed millions of times.
    edge_i = [i for i, _, _ in edges]
    edge_j = [j for _, j, _ in edges]
    edge_2w = [2 * w for _, _, w in edges]

    def slack(k: int) -> int:
        return dualvar[edge_i[k]] + dualvar[edge_j[k]] - edge_2w[k]

    def leaves(b: int) -> list[int]:
        if b < nvertex:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < nvertex:
                out.append(t)
            else:
                stack.extend(blossomchilds[t])  # type: ignore[arg-type]
        return out

    def assign_label(w: int, t: int, p: int) -> None:
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            if t == 1:
                queue.extend(leaves(b))
                return
            # A T-blossom's base is matched; its mate becomes an S-vertex.
            base = blossombase[b]
            w, t, p = endpoint[mate[base]], 1, mate[base] ^ 1

    def scan_blossom(v: int, w: int) -> int:
        # Trace back from v and w alternately to find a common S-ancestor (the
        # base of a new blossom) or the two roots (an augmenting path: -1).
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v, w, _ = edges[k]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        blossomchilds[b] = path
        blossomendps[b] = endps
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for leaf in leaves(b):
            if label[inblossom[leaf]] == 2:
                # Former T-vertices are now S-vertices and must be scanned.
                queue.append(leaf)
            inblossom[leaf] = b
        bestedgeto = {}
        for sub in path:
            if blossombestedges[sub] is None:
                nblists = [[p >> 1 for p in neighbend[x]] for x in leaves(sub)]
            else:
                nblists = [blossombestedges[sub]]  # type: ignore[list-item]
            for nblist in nblists:
                for kk in nblist:
                    i, j, _ = edges[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if (
                        bj != b
                        and label[bj] == 1
                        and (bj not in bestedgeto or slack(kk) < slack(bestedgeto[bj]))
                    ):
                        bestedgeto[bj] = kk
            blossombestedges[sub] = None
            bestedge[sub] = -1
        blossombestedges[b] = list(bestedgeto.values())
        best = -1
        for kk in blossombestedges[b]:  # type: ignore[union-attr]
            if best == -1 or slack(kk) < slack(best):
                best = kk
        bestedge[b] = best

    def expand_blossom(b: int, endstage: bool) -> None:
        childs: list[int] = blossomchilds[b]  # type: ignore[assignment]
        for s in childs:
            blossomparent[s] = -1
            if s < nvertex:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for leaf in leaves(s):
                    inblossom[leaf] = s
        if not endstage and label[b] == 2:
            # Relabel the sub-blossoms of an expanding T-blossom along the even
            # path from the entry child to the base.
            endps: list[int] = blossomendps[b]  # type: ignore[assignment]
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            j = childs.index(entrychild)
            if j & 1:
                j -= len(childs)
                jstep, endptrick = 1, 0
            else:
                jstep, endptrick = -1, 1
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
                assign_label(endpoint[p ^ 1], 2, p)
                allowedge[endps[j - endptrick] >> 1] = True
                j += jstep
                p = endps[j - endptrick] ^ endptrick
                allowedge[p >> 1] = True
                j += jstep
            bv = childs[j]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if label[bv] == 1:
                    j += jstep
                    continue
                reached = -1
                for leaf in leaves(bv):
                    if label[leaf] != 0:
                        reached = leaf
                        break
                if reached != -1:
                    label[reached] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(reached, 2, labelend[reached])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

    def augment_blossom(b: int, v: int) -> None:
        # Swap matched/unmatched edges inside blossom b so that v becomes its base.
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= nvertex:
            augment_blossom(t, v)
        childs: list[int] = blossomchilds[b]  # type: ignore[assignment]
        endps: list[int] = blossomendps[b]  # type: ignore[assignment]
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            jstep, endptrick = 1, 0
        else:
            jstep, endptrick = -1, 1
        while j != 0:
            j += jstep
            t = childs[j]
            p = endps[j - endptrick] ^ endptrick
            if t >= nvertex:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]
            if t >= nvertex:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        blossomchilds[b] = childs[i:] + childs[:i]
        blossomendps[b] = endps[i:] + endps[:i]
        blossombase[b] = blossombase[blossomchilds[b][0]]  # type: ignore[index]

    def augment_matching(k: int) -> None:
        v, w, _ = edges[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nvertex:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= nvertex:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    # Jump start: at the initial duals an edge of maximum weight is tight, and a
    # matching of tight edges between free vertices is exactly the state the stages
    # below would reach by augmenting along them one per stage without any dual
    # change. Pairing them greedily up front skips those stages (in a Swiss bracket
    # most ideal pairs have the maximum weight, so this removes most stages).
    for k in range(nedge):
        i, j = edge_i[k], edge_j[k]
        if edge_2w[k] == 2 * maxweight and mate[i] == -1 and mate[j] == -1:
            mate[i] = 2 * k + 1
            mate[j] = 2 * k

    for _stage in range(nvertex):
        label[:] = [0] * (2 * nvertex)
        bestedge[:] = [-1] * (2 * nvertex)
        blossombestedges[nvertex:] = [None] * nvertex
        allowedge[:] = [False] * nedge
        queue[:] = []
        for v in range(nvertex):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                bv = inblossom[v]
                for p in neighbend[v]:
                    k = p >> 1
                    w = endpoint[p]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    kslack = 0
                    if not allowedge[k]:
                        kslack = dualvar[edge_i[k]] + dualvar[edge_j[k]] - edge_2w[k]
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        if label[bw] == 0:
                            assign_label(w, 2, p ^ 1)
                        elif label[bw] == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                                bv = inblossom[v]
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[bw] == 1:
                        if bestedge[bv] == -1 or kslack < slack(bestedge[bv]):
                            bestedge[bv] = k
                    elif label[w] == 0 and (
                        bestedge[w] == -1 or kslack < slack(bestedge[w])
                    ):
                        bestedge[w] = k
            if augmented:
                break
            # No augmenting path with tight edges: change the duals.
            deltatype = -1
            delta = 0
            deltaedge = deltablossom = -1
            if not maxcardinality:
                deltatype = 1
                delta = min(dualvar[:nvertex])
            for v in range(nvertex):
                if label[inblossom[v]] == 0 and bestedge[v] != -1:
                    d = slack(bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 2, bestedge[v]
            for b in range(2 * nvertex):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    d = slack(bestedge[b]) >> 1
                    if deltatype == -1 or d < delta:
                        delta, deltatype, deltaedge = d, 3, bestedge[b]
            for b in range(nvertex, 2 * nvertex):
                if (
                    blossombase[b] >= 0
                    and blossomparent[b] == -1
                    and label[b] == 2
                    and (deltatype == -1 or dualvar[b] < delta)
                ):
                    delta, deltatype, deltablossom = dualvar[b], 4, b
            if deltatype == -1:
                # maxcardinality and no further progress possible: finish with the
                # optimum dual change.
                deltatype = 1
                delta = max(0, min(dualvar[:nvertex]))
            for v in range(nvertex):
                lb = label[inblossom[v]]
                if lb == 1:
                    dualvar[v] -= delta
                elif lb == 2:
                    dualvar[v] += delta
            for b in range(nvertex, 2 * nvertex):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            if deltatype == 2:
                allowedge[deltaedge] = True
                i, j, _ = edges[deltaedge]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True
                i, j, _ = edges[deltaedge]
                queue.append(i)
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        # End of stage: expand S-blossoms whose dual reached zero.
        for b in range(nvertex, 2 * nvertex):
            if (
                blossomparent[b] == -1
                and blossombase[b] >= 0
                and label[b] == 1
                and dualvar[b] == 0
            ):
                expand_blossom(b, True)

    for v in range(nvertex):
        if mate[v] >= 0:
            mate_out[v] = endpoint[mate[v]]
    return mate_out


def max_cardinality_matching(
    adjacency: Sequence[Sequence[int]], *, initial: Sequence[int] | None = None
) -> list[int]:
    """A maximum-cardinality matching (``mate`` list) of an undirected graph.

    ``adjacency[v]`` lists v's neighbours (symmetric). Starts from ``initial`` or a
    greedy matching, then augments along alternating paths, contracting blossoms.
    """
    n = len(adjacency)
    match = list(initial) if initial is not None else [-1] * n
    if initial is None:
        for v in range(n):
            if match[v] == -1:
                for u in adjacency[v]:
                    if match[u] == -1 and u != v:
                        match[v], match[u] = u, v
                        break

    def find_path(root: int) -> int:
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        q = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if match[a] == -1:
                    break
                a = parent[match[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[match[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[match[v]]] = True
                parent[v] = child
                child = match[v]
                v = parent[match[v]]

        while q:
            v = q.popleft()
            for to in adjacency[v]:
                if base[v] == base[to] or match[v] == to:
                    continue
                if to == root or (match[to] != -1 and parent[match[to]] != -1):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark(v, cur, to, blossom)
                    mark(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                q.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if match[to] == -1:
                        # Flip the alternating path back to the root.
                        while to != -1:
                            pv = parent[to]
                            nxt = match[pv]
                            match[to], match[pv] = pv, to
                            to = nxt
                        return 1
                    used[match[to]] = True
                    q.append(match[to])
        return 0

    for v in range(n):
        if match[v] == -1:
            find_path(v)
    return match
