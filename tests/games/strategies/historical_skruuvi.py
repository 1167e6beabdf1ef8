"""Historical Skruuvi matches: Modern Skruuvi's legal team deals (levels 1–7, so a
kotka now and then refuses a low bid, which the fold keeps flagged), unknocked fours
entered without tricks, and honours that fit the deck in trump and no trump."""

from hypothesis import strategies as st

from tests.games.skruuvi_strategies import team_deals
from tests.games.strategies import cases
from tests.games.strategies._honours import holdings, split

SLUG = "historical-skruuvi"


@st.composite
def deals(draw, *, min_level: int = 1) -> dict:
    raw = draw(team_deals(min_level=min_level))
    contract = raw["contract"]
    if contract in ("misere", "pass_misere"):
        return raw
    if raw["level"] <= 4 and "knocks" not in raw and draw(st.booleans()):
        del raw["tricks"]  # an unknocked four is not played (17.3)
    no_trump = contract == "no_trump"
    held = draw(holdings() if no_trump else holdings(suits=(contract,)))
    need = list(held["shown"])
    if not no_trump:
        for run in held["sequences"]:
            need[run["seat"] % 2] += min(run["length"], 5)
    raw["value_cards"] = split(draw, 4 if no_trump else 9, need)
    raw["aces_in_hand"] = held["aces_in_hand"]
    raw["sequences"] = held["sequences"]
    first = draw(st.none() | st.integers(0, 1))
    if raw["level"] <= 4 and "knocks" not in raw:
        first = raw["declarer"] % 2  # an unknocked four: the declarers first (17.3)
    if first is not None:
        raw["first_to_game"] = first
    return raw


def matches():
    return cases(
        deals(),
        options=st.sampled_from([{}, {"kotkas": 1}, {"game_target": 20}]),
        max_deals=14,
    )
