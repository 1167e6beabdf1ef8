"""The blossom matchings agree with networkx on random graphs."""

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.matching import (
    max_cardinality_matching,
    max_weight_matching,
)


@st.composite
def graphs(draw):
    n = draw(st.integers(min_value=0, max_value=14))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(
        st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([])
    )
    weights = draw(
        st.lists(st.integers(-20, 60), min_size=len(chosen), max_size=len(chosen))
    )
    return n, [(i, j, w) for (i, j), w in zip(chosen, weights, strict=True)]


def _check(n, edges, mate):
    assert len(mate) == n
    weights = {frozenset((i, j)): w for i, j, w in edges}
    for v, u in enumerate(mate):
        if u != -1:
            assert mate[u] == v and frozenset((u, v)) in weights
    return sum(weights[frozenset((v, u))] for v, u in enumerate(mate) if u > v)


@settings(max_examples=300, deadline=None)
@given(graphs(), st.booleans())
def test_max_weight_matching_matches_networkx(graph, maxcardinality):
    n, edges = graph
    mate = max_weight_matching(n, edges, maxcardinality=maxcardinality)
    total = _check(n, edges, mate)
    reference = nx.Graph()
    reference.add_nodes_from(range(n))
    reference.add_weighted_edges_from(edges)
    expected = nx.max_weight_matching(reference, maxcardinality=maxcardinality)
    assert total == sum(reference[a][b]["weight"] for a, b in expected)
    if maxcardinality:
        assert sum(1 for u in mate if u != -1) == 2 * len(expected)


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_max_cardinality_matching_is_maximum(graph):
    n, edges = graph
    adjacency = [[] for _ in range(n)]
    for i, j, _ in edges:
        adjacency[i].append(j)
        adjacency[j].append(i)
    mate = max_cardinality_matching(adjacency)
    _check(n, edges, mate)
    reference = nx.Graph()
    reference.add_nodes_from(range(n))
    reference.add_edges_from((i, j) for i, j, _ in edges)
    size = len(nx.max_weight_matching(reference, maxcardinality=True))
    assert sum(1 for u in mate if u != -1) == 2 * size


def test_empty_and_single_edge():
    assert max_weight_matching(3, []) == [-1, -1, -1]
    assert max_weight_matching(2, [(0, 1, 5)]) == [1, 0]
    # A negative edge is only taken when cardinality is required.
    assert max_weight_matching(2, [(0, 1, -5)]) == [-1, -1]
    assert max_weight_matching(2, [(0, 1, -5)], maxcardinality=True) == [1, 0]
