"""Pages of the games app: the home page with the catalogue. Public."""

from django.shortcuts import render

from games import selectors


def home(request):
    return render(
        request, "home.html", {"games": selectors.catalogue(with_schemas=False)}
    )
