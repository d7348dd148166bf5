"""A readable evaluation of a position for one color, in victory points.

Covil is won on the final score: a standing fortress (5 VP), the gold in the
treasury (at most 5), the cost of every minion in the hall, the gold value of
every relic in the hand, and Influence. ``vp_now`` is that score as if the game
ended now. Every other term estimates, in VP too, what the position holds
beyond it:

- ``fee``: tonight's protection fee if the board stayed as it is (+2 gold per
  dominated terrain), but only what fits in the treasury;
- ``headroom``: room in the treasury for the days still to come: gold over 5
  is lost, so turning gold into minions (VP that never overflow) is worth it;
- ``raid``: the relics the troops in town will draw tonight, less what the
  rebels take if they reach 5 and retaliate;
- ``fortress``: hit points (one more blow may cost the fortress's 5 VP), less
  the danger when the fortress is unguarded and an enemy troop can reach it;
- ``troops``: troops on the board (majorities, the first tie breaker) and the
  troop actions still to take today;
- ``minions``: ready minions attack, defend and pay; tired ones will be ready soon;
- ``relics``: a relic in hand can also be activated for its ability and bonus.

>>> print(evaluate(game, "yellow"))  # doctest: +SKIP
yellow is worth 31.4 VP
  vp_now      26.0  the final score if the game ended now
  fee          1.6  tonight's fee: dominates water; room for 2 gold
  ...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any, Final, NamedTuple

from covil_nb.model import Game, State
from covil_nb.model.arguments import fit
from covil_nb.model.cards import CardSet
from covil_nb.model.combat import REBEL_STRENGTH
from covil_nb.model.errors import CovilError, said
from covil_nb.model.language import Joined, Number, Text, ntr, tr
from covil_nb.model.maps import Board
from covil_nb.model.night import FEE_GOLD, STEPS, dominances
from covil_nb.model.scoring import FORTRESS_VP
from covil_nb.model.state import DAYS, MAX_GOLD, MAX_REBELS, READY, TIRED, Player
from covil_nb.model.words import color_name, terrain_name

# Weights, in VP per unit. The future is uncertain, so what is only expected
# counts for less than what is already scored.
FEE_WEIGHT: Final = 0.8  # per gold of tonight's fee: the board may still change before night
HEADROOM_PER_DAY: Final = 0.2  # per empty treasury slot, per day still to come after today
HP_VALUE: Final = 0.4  # per fortress hit point
DANGER_WEIGHT: Final = 0.5  # the chance that a reachable unguarded fortress is hit
TROOP_VALUE: Final = 0.3  # per troop on the board
STANDING_VALUE: Final = 0.6  # per troop action still to take today
READY_VALUE: Final = 0.4  # per ready minion
TIRED_VALUE: Final = 0.2  # per tired minion: one rest from ready
RELIC_USE_VALUE: Final = 0.3  # per relic in hand, beyond its gold value
RAID_WEIGHT: Final = 0.8  # per expected relic VP drawn tonight


class Term(NamedTuple):
    """One part of an evaluation: its name, its worth in VP, and why. (A
    named tuple: a search makes a dozen for each position it scores, and a
    frozen dataclass takes several times as long to make.)"""

    name: str
    value: float
    # Why, in words: made only when read (a search scores thousands of
    # positions and reads none of them), in the language of the moment.
    said: Text | partial[Text]

    @property
    def why(self) -> Text:
        return self.said if isinstance(self.said, Text) else self.said()

    # Two terms are equal when they say the same: the function that makes
    # the words is another object each time.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and self._said() == other._said()

    def __hash__(self) -> int:
        return hash(self._said())

    def _said(self) -> tuple[str, float, Text]:
        return self.name, self.value, self.why


#: The terms as a table names them (the code's names, said in the language of the moment).
TERM_NAMES: Final = {
    # Translators: the names of the evaluation's terms, in a table's first column (9 letters).
    "vp_now": tr("vp_now"),
    "fee": tr("fee"),
    "headroom": tr("headroom"),
    "raid": tr("raid"),
    "fortress": tr("fortress"),
    "troops": tr("troops"),
    "minions": tr("minions"),
    "relics": tr("relics"),
}


@dataclass(frozen=True)
class Evaluation:
    """What a position is worth to one color: named terms adding up to ``total``."""

    color: str
    terms: tuple[Term, ...]

    @property
    def total(self) -> float:
        return _total(self.terms)

    def __getitem__(self, name: str) -> float:
        for term in self.terms:
            if term.name == name:
                return term.value
        raise KeyError(name)

    def __str__(self) -> str:
        vp = Number(self.total, ".1f")
        worth = tr("{color} is worth {vp} VP", color=color_name(self.color), vp=vp)
        lines = [str(worth)]
        for t in self.terms:
            lines.append(f"  {TERM_NAMES[t.name]!s:<9} {Number(t.value, '.1f'):>6}  {t.why}")
        return "\n".join(lines)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """A notebook cell shows the terms and their reasons, not the dataclass."""
        p.text(str(self))


def evaluate(game: Any, color: Any) -> Evaluation:
    """The evaluation of ``game`` for ``color``."""
    check_arguments(game, color, "evaluate")
    every = evaluate_all(game)
    if color not in every:
        raise _no_player(color, every)
    return every[color]


def evaluate_all(game: Game) -> dict[str, Evaluation]:
    """Every player's evaluation; the board is read once for all of them."""
    return {color: Evaluation(color, terms) for color, terms in _terms(game)}


def margin(game: Any, color: Any) -> float:
    """``color``'s evaluation less the best rival's: what a bot maximizes.
    Against the strongest rival, since only the first place wins."""
    check_arguments(game, color, "margin")
    # Every look-ahead scores thousands of positions: the totals are summed
    # from the terms without making an Evaluation of each.
    return ahead_of_rivals({c: _total(terms) for c, terms in _terms(game)}, color)


def ahead_of_rivals(values: dict[str, float], color: str) -> float:
    """``values[color]`` less the best rival's (``values`` is spent)."""
    if color not in values:
        raise _no_player(color, values)
    mine = values.pop(color)
    return mine - max(values.values(), default=0.0)


def features(game: Game) -> dict[str, tuple[float, ...]]:
    """Each player's :data:`FEATURES` in ``game``, a game not over."""
    state = game.read_state()
    extra = {p.color: (float(p.gold), float(len(p.minions))) for p in state.players}
    return {c: (*(float(t.value) for t in terms), *extra[c]) for c, terms in _terms(game)}


#: What the learned evaluation (:mod:`.outlook`) weighs, per player, in this order.
FEATURES: Final = (
    *TERM_NAMES,  # the terms' values, vp_now first
    "gold",  # all of it: over 5 it scores nothing, but it buys minions first
    "hall",  # minions in the hall: they pay, attack and defend on the days to come
)


def check_arguments(game: object, color: object, where: str) -> None:
    """Refuse a game or a color of the wrong type, naming it. Checked here,
    not by @checked: this module is compiled (and @checked reads the type hints
    a compiled function does not keep), and a search scores every position
    it looks at (the wrappers of margin and Game.copy took a tenth of its
    time). The arguments are taken as Any: compiled, a typed parameter
    would stop a wrong type with a bare TypeError before this could name it."""
    if not isinstance(game, Game) or not isinstance(color, str):
        fit(Game, game, f"{where}: game", "bots")
        fit(str, color, f"{where}: color", "bots")


def _terms(game: Game) -> Iterator[tuple[str, tuple[Term, ...]]]:
    """Each player's color and terms, the board read once for all of them."""
    scores = {s.player: s.total for s in game.score()}
    if game.is_over:  # only the score counts now
        for color, vp in scores.items():
            yield color, (Term("vp_now", vp, _FINAL),)
        return
    board = _Board.read(game)
    now = _IF_NOW
    for p in board.state.players:
        yield p.color, (Term("vp_now", scores[p.color], now), *(term(board, p) for term in TERMS))


def _total(terms: tuple[Term, ...]) -> float:
    return summed(t.value for t in terms)


def summed(values: Iterable[float]) -> float:
    """The sum of ``values``, added one by one from the left, as sum() did
    before Python 3.12. Its sum() of floats compensates the rounding, and
    the last bit orders the bots' near-ties: with sum() the same seed played
    another game on each side of 3.12 (Pyodide's Python is 3.14)."""
    total = 0.0
    for value in values:
        total += value
    return total


def _no_player(color: str, players: Iterable[str]) -> CovilError:
    return CovilError(
        tr("no {color} player in this game: {players}", color=said(color), players=list(players)),
        "players",
    )


# -- what every term reads from the board ---------------------------------------------


class _Board:
    """The facts several terms share, computed once per position (a plain
    class: one is made for every position a search scores, and mypyc
    compiles this __init__, not one that @dataclass writes)."""

    def __init__(
        self,
        state: State,
        cards: CardSet,
        board: Board,
        dominated: dict[str, list[str]],
        fee_to_come: bool,
        raid_to_come: bool,
        days_after_today: int,
    ) -> None:
        self.state = state
        self.cards = cards
        self.board = board
        self.dominated = dominated  # color -> terrains it dominates now
        self.fee_to_come = fee_to_come  # tonight's fee is not collected yet
        self.raid_to_come = raid_to_come
        self.days_after_today = days_after_today

    @classmethod
    def read(cls, game: Game) -> _Board:
        state = game.read_state()
        dominated: dict[str, list[str]] = {p.color: [] for p in state.players}
        for result in dominances(state, game.board):
            if result.winner:
                dominated[result.winner].append(result.terrain)
        return cls(
            state,
            game.cards,
            game.board,
            dominated,
            _still_tonight(state, "fee"),
            _still_tonight(state, "raid"),
            DAYS - state.day,
        )

    def in_town(self, player: Player) -> int:
        return len(player.in_zone(self.board.town))

    def enemies(self, player: Player) -> list[Player]:
        return [p for p in self.state.players if p.color != player.color]


def _still_tonight(state: State, step: str) -> bool:
    """Whether tonight's ``step`` is still to come."""
    if state.phase in ("morning", "afternoon"):
        return True
    if state.phase == "night":
        return STEPS[state.options.rules.night_order].index(step) >= state.night_step
    return False


# -- the terms --------------------------------------------------------------------------


# The terms' words that are the same each time: made once.
_FINAL: Final = tr("the final score")
_IF_NOW: Final = tr("the final score if the game ended now")
_NO_FEE: Final = tr("no protection fee to come tonight")
_NO_RAID: Final = tr("no raid to come tonight")
_NO_FORTRESS: Final = tr("no standing fortress")


def _fee_said(terrains: list[str], room: int) -> Text:
    dominated = Joined(", ", [terrain_name(t) for t in terrains])
    return tr(
        "tonight's fee: dominates {terrains}; room for {room} gold", terrains=dominated, room=room
    )


def _fee(b: _Board, p: Player) -> Term:
    terrains = b.dominated[p.color]
    if not b.fee_to_come or not terrains:
        return Term("fee", 0.0, _NO_FEE)
    room = MAX_GOLD - p.gold
    gold = min(FEE_GOLD * len(terrains), room)
    return Term("fee", FEE_WEIGHT * gold, partial(_fee_said, terrains, room))


def _headroom(b: _Board, p: Player) -> Term:
    room = MAX_GOLD - p.gold
    days = b.days_after_today
    return Term(
        "headroom",
        HEADROOM_PER_DAY * room * days,
        partial(_headroom_said, room, days),
    )


def _raid(b: _Board, p: Player) -> Term:
    mine = b.in_town(p)
    if not b.raid_to_come:
        return Term("raid", 0.0, _NO_RAID)
    gain = RAID_WEIGHT * b.cards.mean_relic_gold * mine
    everyone = sum(b.in_town(q) for q in b.state.players)
    if b.state.rebels + everyone < MAX_REBELS:
        return Term("raid", gain, partial(_raid_said, mine))
    loss = TROOP_VALUE * mine + _rebel_blow(b, p)
    return Term(
        "raid",
        gain - loss,
        partial(_retaliation_said, mine),
    )


def _rebel_blow(b: _Board, p: Player) -> float:
    """What the rebels' attack on the fortress costs: a guard at night lies
    down, so it is removed; an unguarded fortress takes all of it."""
    if p.fortress is None or p.destroyed:
        return 0.0
    if p.in_zone(p.fortress):
        return TROOP_VALUE + HP_VALUE
    return _blow(p.hp, REBEL_STRENGTH)


def _blow(hp: int, damage: int) -> float:
    """The VP a blow of ``damage`` costs a fortress at ``hp``."""
    lost = min(hp, damage)
    return HP_VALUE * lost + (FORTRESS_VP if lost == hp else 0)


def _fortress(b: _Board, p: Player) -> Term:
    if p.fortress is None or p.destroyed:
        return Term("fortress", 0.0, _NO_FORTRESS)
    value = HP_VALUE * p.hp
    attackers = _threats(b, p)
    if not attackers:
        hp = p.hp
        return Term("fortress", value, partial(_hp_said, hp))
    # An attack on an unguarded fortress deals about 2 with a plain minion.
    danger = DANGER_WEIGHT * _blow(p.hp, 2)
    hp = p.hp
    return Term(
        "fortress",
        value - danger,
        partial(_threatened_said, hp, attackers),
    )


def _threats(b: _Board, p: Player) -> list[str]:
    """Enemy standing troops that could attack ``p``'s unguarded fortress now."""
    assert p.fortress is not None
    if b.state.phase != "afternoon" or p.in_zone(p.fortress):
        return []
    reach = {p.fortress, *b.board.neighbors(p.fortress)}
    return [
        t.id
        for e in b.enemies(p)
        if any(m.ready for m in e.minions)
        for t in e.on_board()
        if t.standing and t.zone in reach
    ]


def _troops(b: _Board, p: Player) -> Term:
    on_board = p.on_board()
    standing = sum(t.standing for t in on_board)
    value = TROOP_VALUE * len(on_board) + STANDING_VALUE * standing
    board = len(on_board)
    return Term(
        "troops",
        value,
        partial(_troops_said, board, standing),
    )


def _minions(b: _Board, p: Player) -> Term:
    states = [m.state for m in p.minions]
    ready, tired = states.count(READY), states.count(TIRED)
    value = READY_VALUE * ready + TIRED_VALUE * tired
    return Term("minions", value, partial(_minions_said, ready, tired))


def _relics(b: _Board, p: Player) -> Term:
    n = len(p.hand)
    return Term("relics", RELIC_USE_VALUE * n, partial(_relics_said, n))


TERMS: Final = (_fee, _headroom, _raid, _fortress, _troops, _minions, _relics)

#: Each term beyond the VP now in a learner's words: what a step gains when
#: the term grows, and what it costs when it shrinks ("it costs a troop action").
SAID: Final = {
    "fee": (tr("more protection fee tonight"), tr("some of tonight's protection fee")),
    "headroom": (tr("room in the treasury for the gold to come"),) * 2,
    "raid": (
        tr("relics from tonight's raid on the town"),
        tr("relics from the raid, or troops to the rebels"),
    ),
    "fortress": (tr("a safer fortress"), tr("the fortress's safety")),
    "troops": (tr("troops on the board"), tr("a troop action")),
    "minions": (tr("ready minions"), tr("a ready minion")),
    "relics": (tr("a relic to activate"), tr("a relic from the hand")),
}


# The terms' words, made when read (see Term).
def _headroom_said(room: int, days: int) -> Text:
    slots = ntr("{count} empty treasury slot", "{count} empty treasury slots", room)
    after = ntr("{count} day after today", "{count} days after today", days)
    return Joined(", ", [slots, after])


def _raid_said(mine: int) -> Text:
    return ntr(
        "{count} troop in town draws relics tonight",
        "{count} troops in town draw relics tonight",
        mine,
    )


def _retaliation_said(mine: int) -> Text:
    return ntr(
        "{count} troop in town draws relics, but the {most} rebels retaliate",
        "{count} troops in town draw relics, but the {most} rebels retaliate",
        mine,
        most=MAX_REBELS,
    )


def _hp_said(hp: int) -> Text:
    return tr("{hp} HP", hp=hp)


def _threatened_said(hp: int, attackers: list[str]) -> Text:
    return tr("{hp} HP, unguarded and within reach of {troops}", hp=hp, troops=", ".join(attackers))


def _troops_said(board: int, standing: int) -> Text:
    return tr("{board} on the board, {standing} still standing", board=board, standing=standing)


def _minions_said(ready: int, tired: int) -> Text:
    return tr("{ready} ready, {tired} tired", ready=ready, tired=tired)


def _relics_said(n: int) -> Text:
    return ntr("{count} relic in hand to activate", "{count} relics in hand to activate", n)
