"""A board of points entered by tapping (a field whose schema declares
``x-widget: "grid"``): the text box the engine reads, and around it a tap grid
drawn by ``static/js/boardgrid.js`` from the settings the schema declares under
``x-grid`` — ``shape`` (``square``, ``rhombus``, ``triangle``), the ``size`` or the
sibling field that holds it (``size_field``), and the ``symbols`` with their labels.
Without script the text box alone takes the board (rows separated by ``/``)."""

from __future__ import annotations

import json
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from scoring.deal_forms.fields import Field


def grid_control(node: Field, html_id: str, value: Any, invalid: str) -> str:
    """The HTML of the text box and the tap grid's settings."""
    settings = dict(node.widget_options)
    if "size_field" in settings:
        parent = node.path.rsplit(".", 1)[0] if "." in node.path else ""
        field = settings["size_field"]
        settings["size_field"] = f"{parent}.{field}" if parent else field
    return render_to_string(
        "scoring/_grid_widget.html",
        {
            "id": html_id,
            "name": node.path,
            "value": "" if value is None else str(value),
            "settings": json.dumps(settings),
            "invalid": mark_safe(invalid),
            "optional": not node.required,
        },
    )
