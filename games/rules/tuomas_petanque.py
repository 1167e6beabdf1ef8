"""Tuomas's Petanque: two teams, rounds scored by the balls closer than the best
loser, first to 13.

Source: book ``001_b57793035adc3f64.txt`` chapter 63 (l.3682–3735): the teams and
their balls (l.3694), the beginning of a round §63.1 (l.3696–3706), the play §63.2
(l.3708–3720), the scoring §63.3 (l.3722–3730), the end §63.4 (l.3732–3734).

Terms: a *round* (an end) is played until every ball is thrown. The team with the
ball closest to the target ball (the jack) *wins the round*; the losing team's
closest ball is the *best loser*; the winners score a point for each of their balls
closer than the best loser. A winning ball exactly as close as the best loser scores
nothing, and if both teams' closest balls are equally close, nobody scores (a
*blank* round). The winners of a round throw the jack and the first ball of the next
(§63.1, §63.2).

Teams: 2, 4 or 6 players in two teams. A team's balls: one player with 3 or 4, two
players with 4 to 6 together (2 or 3 each), three players with 6 (2 each). A team
cannot score more points in a round than it has balls; the option ``team_balls``
says how many each team has (checked against the table), and without it the most
the book allows for the team size caps a round.

A scorer enters per round the team that scored and its points, or nothing for a
blank round — one tap on the entry page. The first round's jack is thrown by the
first dealer's team. The first team to at least 13 points wins (§63.4).

Invariants: a round scores 1 … the team's balls for one team or nothing; the team
throwing the jack is the last round's winner (the same team after a blank round).
"""

from __future__ import annotations

from pydantic import Field

from games.engine import RuleError, SetupRejected, Table, register
from games.engine.ends import EndGoal, EndsGame, EndsState, end_input
from games.engine.inputs import FrozenModel
from games.engine.text import msg

#: The balls a team may have, by players per team (l.3694).
TEAM_BALLS = {1: (3, 4), 2: (4, 6), 3: (6, 6)}
MOST_BALLS = max(high for _, high in TEAM_BALLS.values())


class PetanqueOptions(FrozenModel):
    target: int = Field(
        13, ge=1, le=100, description="The points that win the match (§63.4: 13)."
    )
    team_balls: int | None = Field(
        None,
        ge=3,
        le=MOST_BALLS,
        description="Balls per team: 3–4 for one player, 4–6 for two, 6 for three "
        "(l.3694). Empty: the most the team size allows caps a round.",
    )


PetanqueRound = end_input(
    MOST_BALLS,
    title="Petanque round",
    side_help="The team whose ball lay closest to the target ball.",
    points_help="Its balls closer to the target ball than the other team's closest "
    "(the best loser); empty (0) when the closest balls were equally close.",
)


@register
class TuomasPetanque(EndsGame):
    deal_word = "round"  # §63.3: "the team wins the round"
    slug = "tuomas-petanque"
    name = "Tuomas's Petanque"
    source = "001_b57793035adc3f64.txt §63 (l.3682–3735)"
    summary = (
        "Two teams of 1–3 throw petanque balls at a target ball thrown anywhere; "
        "balls closer than the best loser score; first to 13."
    )
    Options = PetanqueOptions
    deal_input = PetanqueRound
    tables = ((0, 1), (0, 1, 0, 1), (0, 1, 0, 1, 0, 1))
    unit = ("round", msg("Round"))
    first_label = ("jack", msg("Throws the target ball"))
    last_label = None
    sheet_mark = ("jack", msg("Threw the target ball"))
    section = "§63.3"
    notes = (
        msg(
            "The round's winners throw the target ball and the first ball (§63.1–63.2)."
        ),
        msg("Then the team whose ball is not closest throws (§63.2)."),
    )

    def check_table(self, table: Table, options: PetanqueOptions) -> None:
        super().check_table(table, options)
        per_team = len(table.seats) // 2
        low, high = TEAM_BALLS[per_team]
        balls = options.team_balls
        if balls is not None and not low <= balls <= high:
            raise SetupRejected(
                [
                    RuleError(
                        "options.team_balls",
                        "bad_team_balls",
                        msg(
                            "a team of {per_team} has {low}–{high} balls, not "
                            "{balls} (§63, l.3694)",
                            per_team=per_team,
                            low=low,
                            high=high,
                            balls=balls,
                        )
                        if low != high
                        else msg(
                            "a team of {per_team} has {low} balls, not {balls} "
                            "(§63, l.3694)",
                            per_team=per_team,
                            low=low,
                            balls=balls,
                        ),
                    )
                ]
            )

    def end_cap(self, state: EndsState) -> tuple[int, str]:
        options: PetanqueOptions = state.options
        if options.team_balls is not None:
            return options.team_balls, msg(
                "a team has {balls} balls", balls=options.team_balls
            )
        per_team = len(state.table.seats) // 2
        most = TEAM_BALLS[per_team][1]
        return most, msg(
            "a team of {per_team} has at most {most} balls",
            per_team=per_team,
            most=most,
        )

    def end_goal(self, options: PetanqueOptions) -> EndGoal:
        return EndGoal(target=options.target)
