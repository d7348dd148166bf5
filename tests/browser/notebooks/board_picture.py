"""The position the README's picture shows, and the digest that dates it.

A real game: three greedy bots on board A (seed 3) play 142 actions, to the
third afternoon, and yellow lies Y1 down: its troop action is to choose, a
move or one of four attacks, with every fortress and troop on the map.

``board_picture.ipynb`` (beside this file, in the browser tests' notebook
folder, where its kernel imports it) shows the position on a board;
``tests/browser/test_readme_picture.py`` takes the screenshot, and
``tests/test_readme.py`` checks that the committed one is of today's drawing.
"""

from __future__ import annotations

import hashlib
import random

import covil_nb
from covil_nb import Game
from covil_nb.bots import decide, make_bot

PLAYERS = ("yellow", "red", "green")
PLAYED = 142  # the bots' actions before yellow's turn of the picture
CHOSEN = "lie Y1"  # yellow's, which opens the decision the picture shows
VIEWER = "yellow"  # the person at the board: the others' hands are hidden


def position() -> Game:
    """The game at the decision the picture shows."""
    game = Game.new(list(PLAYERS), board="A", seed=3)
    bots = {color: make_bot("greedy", seed=seat) for seat, color in enumerate(PLAYERS)}
    worlds = random.Random(0)
    for _ in range(PLAYED):
        assert game.decider is not None, "the game ended before the picture's position"
        game.apply(str(decide(bots[game.decider], game, worlds.getrandbits(63))))
    game.apply(CHOSEN)
    return game


def widget(game: Game) -> covil_nb.GameWidget:
    """The board of the picture: yellow a person, in English, the others bots."""
    bots = {color: "greedy" for color in PLAYERS if color != VIEWER}
    return covil_nb.GameWidget(game, bots=bots, language="en")


def digest(game: Game) -> str:
    """The sha256 of the drawing of ``game`` as the board's person sees it,
    in English: it changes when the picture would."""
    with covil_nb.speaking("en"):
        svg = covil_nb.draw(game, viewer=VIEWER).svg
    return hashlib.sha256(svg.encode()).hexdigest()
