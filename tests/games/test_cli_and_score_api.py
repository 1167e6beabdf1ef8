"""``python -m games`` and ``POST /api/v1/games/<slug>/score`` fold matches statelessly.

Both are exercised with Tuppi's simplest contract (rami), whose numbers come from the
book §9.4: the declarer side taking 8 tricks scores 8.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _unspent_score_budget():
    """Each test starts with the score API's budget for the test client unspent:
    this module posts five malformed deals for every registered game, more than the
    120 a minute one anonymous client may send (``ScoreThrottle``)."""
    from django.core.cache import cache

    cache.delete("throttle_anon_127.0.0.1")


def _tuppi_deal() -> dict:
    """Rami declared by seat 1, whose side took 8 tricks: 8 points to side 1."""
    return {"contract": "rami", "declarer": 1, "tricks": [5, 8]}


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_lists_every_game_with_its_options():
    from games.engine import all_games

    out = _run("list")
    assert out.returncode == 0, out.stderr
    shipped = [g for g in all_games() if type(g).__module__.startswith("games.rules.")]
    assert shipped
    for game in shipped:
        assert game.slug in out.stdout


def test_cli_scores_a_match_file(tmp_path):
    match = {"deals": [_tuppi_deal()]}
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match))
    out = _run("score", "tuppi", str(path))
    assert out.returncode == 0, out.stdout + out.stderr
    folded = json.loads(out.stdout)
    assert folded["totals"] == [0, 8]
    assert len(folded["deals"]) == 1


def test_cli_reports_bad_json_and_unknown_games():
    out = _run("score", "tuppi", "-", stdin="{not json")
    assert out.returncode == 2
    assert json.loads(out.stdout)["errors"][0]["code"] == "bad_json"
    for broken in ("[" * 100_000, "[1, 2]"):  # too deep to parse; not an object
        out = _run("score", "tuppi", "-", stdin=broken)
        assert out.returncode == 2
        assert json.loads(out.stdout)["errors"][0]["code"] in ("bad_json", "type")
    out = _run("score", "no-such-game", "-", stdin="{}")
    assert out.returncode == 2
    assert json.loads(out.stdout)["errors"][0]["code"] == "unknown_game"


@pytest.mark.django_db
def test_score_api_folds_the_deals(client):
    deal = _tuppi_deal()
    response = client.post(
        "/api/v1/games/tuppi/score",
        {"deals": [deal, deal]},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["totals"] == [0, 16]
    assert [d["totals"] for d in body["deals"]] == [[0, 8], [0, 16]]
    assert body["next_deal"]["holding_points"] == 1
    assert body["next_deal"]["number"] == 3


@pytest.mark.django_db
def test_score_api_rejects_an_impossible_deal_with_paths(client):
    response = client.post(
        "/api/v1/games/tuppi/score",
        {"deals": [_tuppi_deal(), {"contract": "no-such-contract"}]},
        content_type="application/json",
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors
    assert all(e["path"].startswith("deals.1") for e in errors)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"deals": "x"}, "deals"),
        ({"deals": [], "table": {"seats": "x"}}, "table.seats"),
        ({"deals": [], "options": {"no_such_option": 1}}, "options.no_such_option"),
        ({"deals": [], "table": {"seats": [0, 0, 0]}}, "seats"),
    ],
)
def test_score_api_names_the_field_of_a_bad_request(client, body, path):
    response = client.post(
        "/api/v1/games/tuppi/score", body, content_type="application/json"
    )
    assert response.status_code == 400
    assert path in [e["path"] for e in response.json()["errors"]]


def _every_slug() -> list[str]:
    from games.engine import all_games

    return [game.slug for game in all_games()]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", _every_slug())
@pytest.mark.parametrize("deal", [{"mode": []}, {"mode": {}}, [], "x", 7])
def test_score_api_answers_a_malformed_deal_with_400_for_every_game(client, slug, deal):
    """Whatever shape a deal arrives in, every game answers 400 naming deal 0."""
    response = client.post(
        f"/api/v1/games/{slug}/score",
        {"deals": [deal]},
        content_type="application/json",
    )
    assert response.status_code == 400, response.content
    assert all(e["path"].startswith("deals.0") for e in response.json()["errors"])
