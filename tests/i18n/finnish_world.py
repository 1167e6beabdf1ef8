"""The Finnish club whose pages :mod:`tests.i18n.test_finnish_everywhere` reads in
English and in Finnish (issue 19 item 4: "every page, form label, help text,
email and error message"): the Tuppi world of :mod:`tests.scoring.finnish`, plus
what a club does on an ordinary evening — an invitation, a table link, two stake
matches settled as an evening, a knockout cup with a withdrawal (walkovers), a
curling match, a darts match and a Canasta match. What a director or a member
types is Finnish (names, reasons, notes), typed under ``translation.override("fi")``
where the service keeps what the typist saw.
"""

from __future__ import annotations

from types import SimpleNamespace

from django.utils import translation
from django.utils.translation import trans_real

from money import services as money_services
from scoring import services
from scoring.models import Role
from tests.scoring.factories import member
from tests.scoring.finnish import PLAYERS, RAMI, allowed_words, tuppi_world
from tests.tournaments.duplicate_evening import deal_input

#: Words the Finnish pages share with the English ones on purpose, beyond
#: tests.scoring.finnish.SAME_IN_BOTH, each for its reason.
SAME_HERE = (
    "Buchholz",  # tie-breaks named after people (Bruno Buchholz, Johann Berger,
    "Sonneborn",  # William Sonneborn): names in every language
    "Berger",
    "Ranking",  # a Finnish club's word too; the catalogue keeps it ("Ranking")
    "EUR",  # a currency's ISO code beside the club's name
)

#: Names and typed data of the wider world (the allow-list's own words).
CUP_TEAMS = ("Kuha", "Särki", "Made", "Lahna")
GUESTS = ("Sami", "Olli")
TYPED = (
    "Tervetuloa kerhoon",  # an invitation's note
    "Torstai-ilta",  # the evening's name
    "Kevätcup",  # the cup's name
    "sairas",  # the withdrawal's reason
    "Parikierto",  # the rotation's name
    "Sakaali-ilta",  # the duplicate's name
)
DUPLICATE_TEAMS = (
    "Joukkue A: Aino & Antti & Aada & Aleksi",
    "Joukkue B: Bea & Bruno & Bertta & Boris",
)


def club_world() -> SimpleNamespace:
    from tournaments import services as tournament_services

    world = tuppi_world()
    club, aino = world.club, world.admin
    by = aino.user
    services.club_set_language(club=club, language="fi", by=by)

    # the members' side: an invitation with a note, a table link on the match
    with translation.override("fi"):
        invitation = services.invitation_create(
            club=club, role=Role.MEMBER, note=TYPED[0], by=by
        )
    sami = member(club, Role.SCORER, GUESTS[0])
    olli = member(club, Role.MEMBER, GUESTS[1])

    # three stake matches: the first settled on its own, two as the evening
    stake_matches = []
    for _ in range(3):
        match = services.match_start(
            club=club,
            game="tuppi",
            seats=[(p, seat % 2) for seat, p in enumerate(world.players)],
            options={"target": 12},  # rami made: decided in one deal
            point_value="0.50",
            currency="EUR",
            by=by,
        )
        services.deal_submit(match=match, number=1, input=RAMI, by=by)
        match.refresh_from_db()
        services.match_finish(match=match, by=by)
        match.refresh_from_db()
        stake_matches.append(match)
    services.ratings_recompute(club=club, game="tuppi")  # the worker's part
    money_services.match_settle(match=stake_matches[0], by=by)
    with translation.override("fi"):
        evening = money_services.session_create(
            club=club, name=TYPED[1], currency="EUR", point_value="0.50", by=by
        )
    for match in stake_matches[1:]:
        money_services.session_add_match(session=evening, match=match, by=by)
    money_services.session_settle(session=evening, by=by)

    # a knockout cup of four teams; Lahna withdraws before round 1 starts
    with translation.override("fi"):
        cup = tournament_services.tournament_create(
            club=club,
            name=TYPED[2],
            game="tuppi",
            format="knockout",
            stage_settings={},
            by=by,
        )
    cup_entries = tournament_services.entries_add(
        tournament=cup, names=list(CUP_TEAMS), by=by
    )
    tournament_services.tournament_publish(tournament=cup, by=by)
    cup_round = tournament_services.round_generate(stage=cup.stages.get(), by=by)
    with translation.override("fi"):
        tournament_services.entry_withdraw(entry=cup_entries[3], reason=TYPED[3], by=by)
    cup_round.refresh_from_db()

    # a partner rotation of five (one sits out each round): the schedule's note
    with translation.override("fi"):
        rotation = tournament_services.tournament_create(
            club=club,
            name=TYPED[4],
            game="tuppi",
            format="partner_rotation",
            stage_settings={},
            by=by,
        )
    tournament_services.entries_add(
        tournament=rotation, names=[*PLAYERS, GUESTS[0]], by=by
    )
    tournament_services.tournament_publish(tournament=rotation, by=by)
    tournament_services.round_generate(stage=rotation.stages.get(), by=by)

    # a duplicate Sakaali for eight (book §39.7): the boards, D1 played at table 1
    with translation.override("fi"):
        duplicate = tournament_services.tournament_create(
            club=club,
            name=TYPED[5],
            game="sakaali",
            format="duplicate",
            by=by,
        )
    tournament_services.entries_add(
        tournament=duplicate, names=list(DUPLICATE_TEAMS), by=by
    )
    tournament_services.tournament_publish(tournament=duplicate, by=by)
    stanza = tournament_services.round_start(
        round=tournament_services.round_generate(stage=duplicate.stages.get(), by=by),
        by=by,
    )
    services.deal_submit(
        match=stanza.tables.get(number=1).match,
        number=1,
        input=deal_input("D1", 1),
        by=by,
    )

    # the games' own texts: curling (an ends board), darts, Canasta (card entry)
    curling = services.match_start(
        club=club, game="curling", seats=[(sami, 0), (olli, 1)], first_dealer=0, by=by
    )
    services.deal_submit(match=curling, number=1, input={"side": 1, "points": 2}, by=by)
    darts = services.match_start(
        club=club, game="round-the-clock", seats=[(sami, 0), (olli, 1)], by=by
    )
    canasta = services.match_start(
        club=club,
        game="canasta",
        seats=[(p, seat % 2) for seat, p in enumerate(world.players)],
        by=by,
    )
    # the tile pad (Mah Jong's winds) and the dart pad with its double and triple
    # keys and Killeri's draw of the own sectors (issue 33, item 6)
    mahjong = services.match_start(
        club=club,
        game="mahjong",
        seats=[(p, seat) for seat, p in enumerate(world.players)],
        by=by,
    )
    killeri = services.match_start(
        club=club, game="killeri", seats=[(sami, 0), (olli, 1), (aino, 2)], by=by
    )
    stages = [t.stages.get().name for t in (cup, rotation, duplicate)]
    names = [*CUP_TEAMS, *GUESTS, *TYPED, *DUPLICATE_TEAMS, *stages, *SAME_HERE]
    world.allowed = world.allowed | allowed_words(names)
    world.phrases = kept_names()
    return SimpleNamespace(
        **vars(world),
        invitation=invitation,
        sami=sami,
        stake_matches=stake_matches,
        evening=evening,
        cup=cup,
        cup_entries=cup_entries,
        cup_round=cup_round,
        rotation=rotation,
        duplicate=duplicate,
        curling=curling,
        darts=darts,
        canasta=canasta,
        mahjong=mahjong,
        killeri=killeri,
    )


def kept_names() -> list[str]:
    """Names of more than a word that a Finnish page shows as they are: the
    games whose Finnish name in the catalogue is their own ("Hand and Foot",
    "Killeri"; a name missing from the catalogue is not kept, it is untranslated),
    the rulebooks' titles and their web pages' (documents' names: "Rummy games
    on the web: Carioca"), and the games the test suite registers
    (tests.scoring.racegame, tests.money_service.testgames: never in production;
    their name, source and summary)."""
    from games.engine import all_games
    from games.engine.sources import BOOKS, source_title

    catalogue = trans_real.translation("fi")._catalog
    kept = [g.name for g in all_games() if catalogue.get(g.name) == g.name]
    # a web page of a rulebook by its own title ("Rummy games on the web: Carioca")
    titles = [getattr(source_title(g.source), "params", {}) for g in all_games()]
    pages = [str(params["page"]) for params in titles if "page" in params]
    # games a test registers for itself (not the product's: scoring.declared_texts
    # leaves them out of the catalogue too)
    test_games = [g for g in all_games() if not type(g).__module__.startswith("games.")]
    test_texts = [t for g in test_games for t in (g.name, g.source, g.summary) if t]
    return [*kept, *BOOKS.values(), *pages, *test_texts]
