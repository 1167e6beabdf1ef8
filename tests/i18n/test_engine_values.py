"""Words passed as values into the engine's texts are translated with the sentence.

A contract's strain ("6 spades"), a rank's name ("pair of kings"), Carioca's
contract ("2 trios and 1 escalera") are texts of their own inside a text: the
boundary renders each in the reader's language, also after the trip through stored
JSON. (Needs the compiled Finnish catalogue with ``locale/fi/parts/values.po``
folded in: ``make messages``.)
"""

from __future__ import annotations

import json

from django.utils import translation

from config.translation import localized, localized_errors, stored_field
from games.engine.cards import parse_cards
from games.engine.decks import STANDARD_52_JOKER
from games.engine.errors import RuleError
from games.engine.melds import deck_errors
from games.engine.melds.contracts import Contract, contract_error
from games.engine.serialize import to_jsonable
from games.engine.text import msg
from games.engine.wording import as_text
from games.rules.minibridge import contract_error as contract_error_of_minibridge
from games.rules.sakaali import team_hand
from games.rules.strip_poker import _pot_won
from games.rules.vint.facts import contract_fact as vint_contract_fact


def _stored(record):
    """A record as the database gives it back."""
    return json.loads(json.dumps(record))


def test_a_vint_contract_names_its_strain_in_finnish():
    fact = vint_contract_fact(6, "spades", 0, 12)
    assert "6 spades" in fact.text
    with translation.override("fi"):
        told = localized(fact.text)
        stored = stored_field(_stored(to_jsonable(fact)), "text")
    for text in (told, stored):
        assert "6 pata" in text
        assert "spades" not in text


def test_a_sakaali_rank_is_named_in_finnish():
    hand = team_hand(parse_cards("KH KS 7C 7D 7H 2C 3D 5S 9H JC"))
    texts = [f.text for f in hand.facts]
    assert "pair of kings: 25" in texts
    assert "three 7s: 0" in texts
    with translation.override("fi"):
        finnish = [localized(t) for t in texts]
    assert "pari, kuninkaat: 25" in finnish
    assert "kolmoset, seiskat: 0" in finnish
    assert not any("kings" in t or "7s" in t for t in finnish)


def test_a_carioca_contract_is_worded_in_finnish():
    need = Contract(2, 1, "trio", "escalera")
    error = contract_error("melds", ["set", "run"], need, "004 Carioca, l.495–503")
    assert "2 trios and 1 escalera" in error.message
    with translation.override("fi"):
        (shown,) = localized_errors([_stored(error.as_dict())])
    assert "2 trioa ja 1 escalera" in shown["message"]
    assert "1 trio ja 1 escalera" in shown["message"]
    assert "trios" not in shown["message"]
    assert " and " not in shown["message"]


def test_a_list_of_three_winners_names_each_seat():
    text = _pot_won([1, 2, 3], 12)
    assert text == "player 2 and player 3 and player 4 won the pot of 12"
    with translation.override("fi"):
        told = localized(text, name=lambda seat: f"P{int(seat)}")
    assert "P1 ja P2 ja P3" in told


def test_a_message_wrapped_in_another_is_translated_inside_it():
    """Triple Play's "{error} (l.153)": the inner message, a plain literal, reads
    in Finnish too."""
    inner = RuleError("auction", "double_without_bid", "there is no bid to double")
    error = RuleError(
        inner.path, inner.code, msg("{error} (l.153)", error=as_text(inner.message))
    )
    assert error.message == "there is no bid to double (l.153)"
    with translation.override("fi"):
        (shown,) = localized_errors([_stored(error.as_dict())])
    assert shown["message"] == "kahdennettavaa tarjousta ei ole (l.153)"


def test_a_deck_is_named_in_finnish():
    errors = deck_errors(STANDARD_52_JOKER, [("hand", parse_cards("KH KH"))])
    assert "52 cards + 1 joker" in errors[0].message
    with translation.override("fi"):
        (shown,) = localized_errors([_stored(errors[0].as_dict())])
    assert "52 korttia + 1 jokeri" in shown["message"]


def test_minibridge_lists_its_contracts_in_finnish():
    error = contract_error_of_minibridge(8, "no_trump")
    assert "8 tricks with no trump" in error.message
    with translation.override("fi"):
        (shown,) = localized_errors([_stored(error.as_dict())])
    assert "sangi" in shown["message"]
    assert "10 hertta/pata" in shown["message"]
    assert "no trump" not in shown["message"]
