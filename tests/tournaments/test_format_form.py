"""The director's format form (issue 19 item 2): the settings come from the format
registry, and a posted form gives the chosen format's settings only."""

from django.http import QueryDict

from tournaments import selectors
from tournaments.actions import posted_settings, posted_tiebreaks
from tournaments.formats.registry import FORMATS
from tournaments.ranking import METRICS


def form(**fields) -> QueryDict:
    query = QueryDict(mutable=True)
    for key, value in fields.items():
        name = key.replace("__", ".")
        for v in value if isinstance(value, list) else [value]:
            query.appendlist(name, v)
    return query


def test_every_format_and_setting_is_on_the_form_with_a_label_and_help():
    choices = {f.key: f for f in selectors.format_choice_list()}
    assert set(choices) == set(FORMATS)
    for choice in choices.values():
        for field in choice.fields:
            assert field.label and field.help, (choice.key, field.name)
        assert choice.default_tiebreaks
    swiss = {f.name: f for f in choices["swiss"].fields}
    assert (swiss["rounds"].kind, swiss["rounds"].low, swiss["rounds"].high) == (
        "number",
        1,
        64,
    )
    knockout = {f.name: f for f in choices["knockout"].fields}
    assert knockout["best_of"].choices == (1, 3, 5, 7)
    assert knockout["tiebreaks"].kind == "metrics"


def test_every_metric_explains_itself_in_one_line():
    listed = selectors.metric_choice_list()
    assert [m.key for m in listed] == list(METRICS)
    assert all(m.explanation and "\n" not in m.explanation for m in listed)


def test_only_the_chosen_formats_settings_are_read():
    posted = form(
        format="groups", groups__groups="3", swiss__rounds="5", groups___shown="1"
    )
    assert posted_settings(posted) == {"groups": 3}


def test_a_select_left_at_its_default_and_a_blank_number_are_not_stored():
    posted = form(
        format="knockout",
        knockout__kind="single",
        knockout__best_of="3",
        knockout__next_best="",
        knockout__grand_final_reset="1",
        knockout___shown="1",
    )
    assert posted_settings(posted) == {"best_of": 3}


def test_an_unticked_default_is_turned_off_only_by_the_page_that_showed_it():
    shown = form(format="swiss", swiss___shown="1")
    assert posted_settings(shown) == {"balance_sides": False}
    # A script posting bare names without the box gives nothing to change.
    assert posted_settings(form(format="swiss", rounds="4")) == {"rounds": 4}


def test_the_tie_breaks_come_in_the_order_ticked_or_as_a_list():
    ticked = form(tiebreak=["point_difference", "match_points"])
    assert posted_tiebreaks(ticked) == ["point_difference", "match_points"]
    assert posted_tiebreaks(form(tiebreaks="wins, buchholz")) == ["wins", "buchholz"]
    assert posted_tiebreaks(form()) is None


def test_a_knockouts_stage_standings_are_its_own_ticked_list():
    posted = form(format="knockout", knockout__tiebreaks=["bracket_place", "wins"])
    assert posted_settings(posted) == {"tiebreaks": ["bracket_place", "wins"]}
