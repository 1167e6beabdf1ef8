"""The score-progression chart: a pure function from running totals to SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from scoring.charts import describe, nice_step, progression_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_chart_is_valid_svg_with_title_and_description():
    """The SVG parses, is labelled for screen readers and states the final score."""
    svg = progression_svg(
        sides=["Anna & Cia", "Bo & Dan"], totals=[[10, 0], [10, 20], [30, 20]]
    )
    root = parse(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "chart-title chart-desc"
    assert root.find(f"{SVG}title").text == "Score progression"
    assert root.find(f"{SVG}desc").text == "After 3 deals: Anna & Cia 30, Bo & Dan 20."


def test_one_line_per_side_starting_at_zero():
    """Each side gets a polyline with a point for 0 and one per deal."""
    root = parse(progression_svg(sides=["A", "B"], totals=[[5, 0], [5, 7]]))
    lines = root.findall(f"{SVG}polyline")
    assert len(lines) == 2
    assert all(len(line.get("points").split()) == 3 for line in lines)
    # Sides differ by dash pattern as well as colour.
    assert lines[0].get("stroke") != lines[1].get("stroke")
    assert lines[0].get("stroke-dasharray") != lines[1].get("stroke-dasharray")


def test_chart_scales_to_its_container():
    """A viewBox and 100 % width: the chart fits a 390-pixel phone."""
    root = parse(progression_svg(sides=["A", "B"], totals=[[1, 2]]))
    assert root.get("width") == "100%"
    assert root.get("viewBox").startswith("0 0 ")


def test_negative_totals_and_target_line():
    """Canasta totals can go below zero; the target is drawn when given."""
    svg = progression_svg(sides=["A", "B"], totals=[[-150, 400]], target=5000)
    root = parse(svg)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "5000" in texts
    assert any(t and t.startswith("A ") and t.endswith("-150") for t in texts)


def test_no_deals_yet():
    """An empty match draws flat lines at zero and says so."""
    svg = progression_svg(sides=["A", "B"], totals=[])
    assert "No deals yet" in svg
    parse(svg)


def test_names_are_escaped():
    """Player names cannot inject markup into the SVG."""
    svg = progression_svg(sides=["<script>", "B&B"], totals=[[1, 2]])
    assert "<script>" not in svg
    parse(svg)


def test_deal_labels_are_used_on_the_axis():
    """Deal numbers (gaps where deals were voided) label the x axis."""
    root = parse(
        progression_svg(sides=["A", "B"], totals=[[1, 0], [1, 2]], labels=["1", "3"])
    )
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "3" in texts


def test_many_deals_thin_the_axis_labels():
    """Forty deals still fit: labels are thinned, the last is always shown."""
    totals = [[i, 40 - i] for i in range(40)]
    root = parse(progression_svg(sides=["A", "B"], totals=totals))
    labels = [
        t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "middle"
    ]
    assert len(labels) < 20
    assert "40" in labels


def test_rows_must_match_sides():
    with pytest.raises(ValueError):
        progression_svg(sides=["A", "B"], totals=[[1, 2, 3]])


@pytest.mark.parametrize(
    ("span", "step"), [(0, 1), (7, 2), (40, 10), (52, 20), (5000, 2000), (130, 50)]
)
def test_nice_step(span, step):
    assert nice_step(span) == step


def test_describe_singular():
    assert describe(["A", "B"], [[3, 0]]) == "After 1 deal: A 3, B 0."
