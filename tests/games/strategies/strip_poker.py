"""Strip Poker matches for the fold-once laws: two to six players, deals entered as
two bettings and the hands shown or as what each paid, wild jokers, split pots,
garments stripped and players dropping out (small stacks and few garments). After
a drop a deal drawn for the full table may be refused; the fold keeps it flagged."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.betting import play_betting
from games.engine.cards import STANDARD_CARDS
from tests.games.strategies import MatchCase
from tests.games.strategies.indian_poker import turns

SLUG = "strip-poker"
CODES = [card.code for card in STANDARD_CARDS]


@st.composite
def deals(draw, players: int, jokers: int = 0) -> dict:
    if draw(st.booleans()):
        first = draw(turns(players))
        betting, _ = play_betting(first, order=range(players), paid=(1,) * players)
        live = len(betting.live)
        second = draw(turns(live)) if live > 1 else []
        deck = CODES + ["Jo"] * jokers
        cards = draw(st.permutations(deck))
        hands = [" ".join(cards[5 * s : 5 * s + 5]) for s in range(players)]
        return {
            "first_betting": " ".join(first),
            "second_betting": " ".join(second),
            "hands": hands,
        }
    paid = draw(st.lists(st.integers(1, 12), min_size=players, max_size=players))
    top = max(paid)
    tied = [p for p, c in enumerate(paid) if c == top]
    winners = draw(st.lists(st.sampled_from(tied), min_size=1, unique=True))
    won = [p in winners for p in range(players)]
    return {"mode": "totals", "paid": paid, "won": won}


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(2, 5))
    options = draw(
        st.sampled_from([{}, {"deals": 3}, {"start": 8, "garments": 1}, {"jokers": 2}])
    )
    jokers = options.get("jokers", 0)
    return MatchCase(
        tuple(draw(st.lists(deals(players, jokers), max_size=8))),
        draw(deals(players, jokers)),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
