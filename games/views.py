"""Pages of the games app: the home page with the catalogue. Public."""

from django.shortcuts import render

from config.collation import sorted_by_name
from config.translation import localized
from games import selectors


def home(request):
    # The catalogue is the engine's declarations, in English (the API's data);
    # the page shows the names, the books and the summaries in the reader's
    # language.
    games = [
        {
            **game,
            "name": localized(game["name"]),
            "source_title": localized(game["source_title"]),
            "summary": localized(game["summary"]),
        }
        for game in selectors.catalogue(with_schemas=False)
    ]
    games = sorted_by_name(games, lambda game: game["name"])
    return render(request, "home.html", {"games": games})
