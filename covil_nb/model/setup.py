"""Game setup, steps A to H of the rulebook, one function each.

Step I, the starting zones, is the first decision of day 1's morning (see
:mod:`morning`).

A :class:`Deal` holds what a new game is dealt from (the players, the board,
the seed, the edition options, the cards, the solo dummies), checked once.
:data:`STEPS` lists the steps in order so a tutorial can stop after each one
(``Game.setup_steps``); :func:`setup` runs them all.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from . import codec
from .cards import CardSet, load_cards
from .errors import CovilError, said
from .language import N_, OR, Joined, Listed, Text, named, ntr, tr
from .maps import BOARD_NAMES, Board, load_board
from .rng import seed_state
from .state import Minion, Options, Player, Rules, State, Troop
from .table import Table
from .vocabulary import COLORS, LETTERS, POOL_SIZE, TROOPS_PER_PLAYER, Edition, Phase
from .words import color_name

SET_ASIDE: Final = 24
STARTING_RELICS: Final = 2
NO_TENS_AT_SETUP: Final = 10
FRESH_SEEDS: Final = 2**32  # a seed picked for the user is a plain 10-digit number at most
EDITIONS: Final = tuple(Edition)


@dataclass(frozen=True)
class Deal:
    """What a new game is dealt from, checked: the colors in seating order
    (the first holds the scepter), the board, the seed, the edition and its
    options, the card set (None: the reference set), the seats a solo dummy
    plays, and whether a dummy's fortress starts next to yours."""

    players: tuple[str, ...]
    board: Board
    seed: int
    edition: Edition
    rules: Rules
    cards: CardSet | None
    dummies: tuple[str, ...]
    next_to_yours: bool

    @classmethod
    def of(
        cls,
        players: Any,
        board: Any = "A",
        seed: Any = None,
        edition: Any = "en",
        rules: Any = None,
        cards: Any = None,
        dummies: Any = (),
        next_to_yours: Any = False,
    ) -> Deal:
        """``Game.new``'s arguments, checked; without a seed, a fresh one.
        Typed ``Any`` where a caller may pass anything at all: each is
        checked here and refused with a CovilError naming its rule (compiled
        code would stop a wrong type with a bare TypeError first)."""
        the_board = board_named(board)
        _check_players(players, the_board)
        if seed is None:
            seed = secrets.randbelow(FRESH_SEEDS)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise CovilError(
                tr("the seed must be a whole number, not {seed}", seed=said(seed)), "chance"
            )
        if edition not in EDITIONS:
            raise CovilError(
                tr(
                    "edition must be one of {editions}, not {edition}",
                    editions=EDITIONS,
                    edition=said(edition),
                ),
                "Editions",
            )
        if rules is not None and not isinstance(rules, Rules):
            raise CovilError(
                tr(
                    "rules must be a Rules, such as Rules(night_order='pt'), not {rules}",
                    rules=said(rules),
                ),
                "Editions",
            )
        if cards is not None and not isinstance(cards, CardSet):
            raise CovilError(
                tr(
                    "cards must be a card set read by load_cards(folder), not {cards}",
                    cards=said(cards),
                ),
                "cards",
            )
        # A copy, which checks its options again: the deal is recorded when
        # a save asks, and the caller's Rules may have changed by then.
        the_rules = rules.clone() if rules else Rules.of(edition)
        _check_dummies(players, dummies, next_to_yours)
        return cls(
            tuple(players),
            the_board,
            seed,
            Edition(edition),
            the_rules,
            cards,
            tuple(dummies),
            next_to_yours,
        )

    @property
    def card_set(self) -> CardSet:
        return self.cards or load_cards()

    def options(self) -> Options:
        return Options(
            board=self.board.name,
            seed=self.seed,
            edition=self.edition,
            rules=self.rules.clone(),
            cards="reference" if self.cards is None else "custom",
            dummies=list(self.dummies),
            next_to_yours=self.next_to_yours,
        )

    def record(self) -> dict[str, Any]:
        """The deal as a save's ``new`` origin records it."""
        return {
            "players": list(self.players),
            "board": self.board.name,
            "seed": self.seed,
            "edition": self.edition,
            "rules": codec.encode(self.rules),
            "dummies": list(self.dummies),
            "next_to_yours": self.next_to_yours,
        }

    def table(self) -> Table:
        """The empty table the steps deal onto."""
        state = State(options=self.options(), players=[], rng=seed_state(self.seed))
        state.phase = Phase.SETUP
        return Table(state, self.card_set, self.board)


def board_named(name: Any) -> Board:
    if name not in BOARD_NAMES:
        raise CovilError(
            tr(
                "unknown board {name}: choose one of {board_names}",
                name=said(name),
                board_names=", ".join(BOARD_NAMES),
            ),
            "Setup A",
        )
    return load_board(name)


def _check_players(players: Any, board: Board) -> None:
    if not isinstance(players, list | tuple) or not all(isinstance(c, str) for c in players):
        raise CovilError(tr("players must be a list of colors"), "Setup B")
    if len(set(players)) != len(players) or not set(players) <= set(COLORS):
        raise CovilError(
            tr(
                "players must be distinct colors among {colors}: got {players}",
                colors=", ".join(COLORS),
                players=players,
            ),
            "Setup B",
        )
    if not board.min_players <= len(players) <= board.max_players:
        raise CovilError(
            tr(
                "{title} is for {min_players} to {max_players} players, not {count}",
                title=named(board.title),
                min_players=board.min_players,
                max_players=board.max_players,
                count=len(players),
            ),
            "Setup A",
        )


def _check_dummies(players: Sequence[str], dummies: Any, next_to_yours: Any) -> None:
    problem = dummies_problem(players, dummies)
    if problem is not None:
        raise CovilError(problem, "Solo mode")
    if not isinstance(next_to_yours, bool):
        raise CovilError(tr("next_to_yours is true or false"), "Solo mode")


def dummies_problem(players: Sequence[str], dummies: Any) -> Text | None:
    """What is wrong with ``dummies`` as the seats the solo dummy plays
    among ``players`` (None when nothing is): a new game and a loaded
    position are checked alike."""
    if not isinstance(dummies, list | tuple) or not all(isinstance(c, str) for c in dummies):
        return tr("the dummies are a list of colors, not {dummies}", dummies=said(dummies))
    if not set(dummies) <= set(players):
        return tr(
            "the dummies must be some of the players {players}, not {dummies}",
            players=list(players),
            dummies=list(dummies),
        )
    if len(set(dummies)) != len(dummies):
        return tr("each dummy is a seat, named once: {dummies}", dummies=list(dummies))
    if len(dummies) == len(players):
        return tr("a game needs at least one player who is not a dummy")
    return None


def troop_ids(color: str) -> list[str]:
    return [f"{LETTERS[color]}{i}" for i in range(1, TROOPS_PER_PLAYER + 1)]


def place_board(t: Table, colors: list[str]) -> None:
    """A: the board, chosen for the number of players."""
    board = t.board
    t.say(
        "Setup A",
        tr(
            "The board: {board}, {zones} zones, the town in zone {town}, spirals {spirals}.",
            board=named(board.title),
            zones=len(board.zones),
            town=board.town,
            spirals=", ".join(board.spirals),
        ),
    )


def give_halls(t: Table, colors: list[str]) -> None:
    """B: a Champions Hall with the color's 5 Henchmen (ready), 5 troops in
    supply, fortress HP 5 and gold 5 for each player."""
    s = t.state
    # Solo: a dummy's hall is filled with mercenaries in step F instead.
    henchmen = [c for c in colors if not s.is_dummy(c)]
    t.seat(
        [
            Player(
                color=c,
                hall=[Minion(h.id) for h in t.cards.henchmen[c]] if c in henchmen else [],
                troops=[Troop(i) for i in troop_ids(c)],
            )
            for c in colors
        ]
    )
    s.box += [h.id for color, hs in t.cards.henchmen.items() if color not in henchmen for h in hs]
    if len(henchmen) < len(colors):
        halls = tr(
            "Each player takes a Champions Hall with 5 Henchmen, 5 troops in supply, a "
            "fortress at 5 HP and 5 gold (a dummy's hall is filled from the mercenaries instead)."
        )
    else:
        halls = tr(
            "Each player takes a Champions Hall with 5 Henchmen, 5 troops in supply, a "
            "fortress at 5 HP and 5 gold."
        )
    t.say("Setup B", halls)


def place_rebels(t: Table, colors: list[str]) -> None:
    """C: 1 rebel in town, the other 4 beside the board."""
    t.state.rebels = 1
    t.say(
        "Setup C",
        tr(
            "One rebel goes to the town (zone {zone}); the other 4 wait in the supply.",
            zone=t.board.town,
        ),
    )


def deal_overlords(t: Table, colors: list[str]) -> None:
    """D: one random Dark Overlord on each throne; the rest go back in the box."""
    s = t.state
    overlords = [c.id for c in t.cards.overlords]
    t.shuffle(overlords)
    for p, card in zip(s.players, overlords, strict=False):
        p.overlord = Minion(card)
        t.say(
            "Setup D",
            tr(
                "{color} receives the Dark Overlord {overlord}.",
                color=color_name(p.color),
                overlord=t.called(card),
            ),
            "overlord",
            player=p.color,
            card=card,
        )
    s.box += overlords[len(s.players) :]


def exhaust_overlords(t: Table, colors: list[str]) -> None:
    """E: every Dark Overlord starts exhausted."""
    for p in t.state.players:
        if p.overlord:
            t.exhaust(p, p.overlord.card)
    t.say("Setup E", tr("Every Dark Overlord starts exhausted."))


def deal_mercenaries(t: Table, colors: list[str]) -> None:
    """F: 24 set aside, 6 revealed; at setup only, 10-cost cards are
    shuffled back and replaced."""
    s = t.state
    deck = [c.id for c in t.cards.mercenaries]
    if s.options.dummies:
        dealt = fill_dummy_halls(t)
        deck = [c for c in deck if c not in dealt]
    t.shuffle(deck)
    s.mercenary_deck, s.box = deck[:SET_ASIDE], s.box + deck[SET_ASIDE:]
    s.pool = [s.mercenary_deck.pop() for _ in range(min(POOL_SIZE, len(s.mercenary_deck)))]
    revealed = Joined(", ", map(t.called, s.pool))
    t.say(
        "Setup F",
        tr(
            "{aside} mercenaries are set aside and 6 revealed: {pool}.",
            aside=SET_ASIDE,
            pool=revealed,
        ),
    )
    while tens := [c for c in s.pool if t.minion_card(c).cost == NO_TENS_AT_SETUP]:
        if all(t.minion_card(c).cost == NO_TENS_AT_SETUP for c in s.mercenary_deck):
            break  # nothing could replace them
        s.pool = [c for c in s.pool if c not in tens]
        s.mercenary_deck += tens
        t.shuffle(s.mercenary_deck)
        back = ntr(
            "{count} card costing 10 goes back into the deck and is replaced.",
            "{count} cards costing 10 go back into the deck and are replaced.",
            len(tens),
        )
        t.say("Setup F", back)
        s.pool += [s.mercenary_deck.pop() for _ in tens]
    t.say("Setup F", tr("The pool: {pool}.", pool=Joined(", ", map(t.called, s.pool))), "pool")


DUMMY_PILES: Final = ((2,), (4, 6), (8, 10))  # the solo setup's cost piles
DUMMY_HALL: Final = (2, 2, 1)  # how many each pile gives a dummy


def fill_dummy_halls(t: Table) -> list[str]:
    """Solo setup: split the mercenaries into the three cost piles, shuffle
    each, and give each dummy 2 + 2 + 1 of them instead of Henchmen."""
    piles = [[c.id for c in t.cards.mercenaries_costing(*costs)] for costs in DUMMY_PILES]
    dummies = len(t.state.options.dummies)
    for pile, costs, count in zip(piles, DUMMY_PILES, DUMMY_HALL, strict=True):
        if len(pile) < count * dummies:
            costing = Listed([str(c) for c in costs], OR)
            raise CovilError(
                ntr(
                    "each dummy's hall takes {count} mercenary costing {costing}: {all} in all, "
                    "and this card set has {found}",
                    "each dummy's hall takes {count} mercenaries costing {costing}: {all} in all, "
                    "and this card set has {found}",
                    count,
                    costing=costing,
                    all=count * dummies,
                    found=len(pile),
                ),
                "Solo setup",
            )
    for pile in piles:
        t.shuffle(pile)
    dealt = []
    for color in t.state.options.dummies:
        dummy = t.player(color)
        for pile, count in zip(piles, DUMMY_HALL, strict=True):
            dummy.hall += [Minion(pile.pop()) for _ in range(count)]
        dealt += [m.card for m in dummy.hall]
        names = Joined(
            ", ",
            [
                tr("{minion} ({cost})", minion=t.called(m.card), cost=t.minion_card(m.card).cost)
                for m in dummy.hall
            ],
        )
        hall = tr(
            "The dummy {color}'s hall, from the three cost piles: {minions}.",
            color=color_name(color),
            minions=names,
        )
        t.say("Solo setup", hall, "dummy-hall", player=color)
    return dealt


def deal_relics(t: Table, colors: list[str]) -> None:
    """G: shuffle the relics and deal 2 to each player (solo: none to a dummy)."""
    s = t.state
    s.relic_deck = [r.id for r in t.cards.relics]
    t.shuffle(s.relic_deck)
    for p in s.players:
        if not s.is_dummy(p.color):
            p.hand = [s.relic_deck.pop() for _ in range(STARTING_RELICS)]
    if s.options.dummies:
        dealt = tr(
            "Each player is dealt {count} Power Relics (none to a dummy).", count=STARTING_RELICS
        )
    else:
        dealt = tr("Each player is dealt {count} Power Relics.", count=STARTING_RELICS)
    t.say("Setup G", dealt)


def give_scepter(t: Table, colors: list[str]) -> None:
    """H: the first player in the list holds the Evil Scepter."""
    t.state.scepter = t.state.turn = 0
    first = tr("{color} holds the Evil Scepter and starts.", color=color_name(colors[0]))
    t.say("Setup H", first, "scepter", player=colors[0])


STEPS: Final[tuple[tuple[str, str, Callable[[Table, list[str]], None]], ...]] = (
    # The titles in English, said with ``named`` (a step's ``str``).
    ("A", N_("Place the game board"), place_board),
    (
        "B",
        N_("Give each player a Champions Hall, troops, Henchmen, fortress, HP and gold"),
        give_halls,
    ),
    ("C", N_("Rebels"), place_rebels),
    ("D", N_("Deal the Dark Overlords"), deal_overlords),
    ("E", N_("Exhaust the Dark Overlords"), exhaust_overlords),
    ("F", N_("The Mercenary pool"), deal_mercenaries),
    ("G", N_("Deal the Power Relics"), deal_relics),
    ("H", N_("The Evil Scepter"), give_scepter),
)


def setup(t: Table, colors: list[str]) -> None:
    """Deal a new game onto an empty table (:meth:`Deal.table`)."""
    for _, _, step in STEPS:
        step(t, colors)
