from django.urls import path

from games.api import views

urlpatterns = [
    path("games/", views.GameListApi.as_view(), name="game-list"),
    path("games/<slug:slug>/", views.GameDetailApi.as_view(), name="game-detail"),
    path("games/<slug:slug>/score", views.GameScoreApi.as_view(), name="game-score"),
]
