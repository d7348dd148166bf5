"""Opponents: bots that choose a legal action for the seat whose decision it is.

A bot never sees the real game: :func:`decide` hands it ``game.for_seat(...)``,
a copy in which everything hidden from its seat has been dealt anew. The
action it returns is then applied to the real game (its seat's legal actions
are the same in every such world).

Bots are made from short specs, so that a tournament can build them in other
processes: ``make_bot("random", seed=3)``, ``make_bot("mcts:playouts=200", seed=1)``,
``make_bot("ismcts:iterations=100", seed=2)``.
"""

from __future__ import annotations

from covil_nb.model import COMPILED, native

# Before the evaluation and the planning are imported: they are compiled with
# the engine, and come from the same build when the model does
# (covil_nb/model/native.py, ALSO_COMPILED).
if COMPILED:
    native.use_compiled_too("bots", __path__)

from .base import BOTS, Bot, RandomBot, advance, decide, make_bot, play
from .dummy import DummyPolicyBot
from .evaluation import Evaluation, evaluate, margin
from .flat_search import MctsBot
from .greedy import GreedyBot
from .tree_search import Candidate, IsmctsBot

__all__ = [
    "BOTS",
    "Bot",
    "Candidate",
    "DummyPolicyBot",
    "Evaluation",
    "GreedyBot",
    "IsmctsBot",
    "MctsBot",
    "RandomBot",
    "advance",
    "decide",
    "evaluate",
    "make_bot",
    "margin",
    "play",
]
