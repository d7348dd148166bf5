"""What the greedy and search bots plan with: steps, the look-through, and the rule of thumb.

Decisions come in small steps: an attack is ``lie Y1``, then ``attack R2``,
then ``exhaust pit-fighter``, then the defender answers; a purchase is
``acquire X`` then ``pay ...`` until paid. Halfway, a position says nothing
(pledged gold is not spent yet, a declared attack is not resolved), so a bot
looks through each option to the end of its step (:func:`plans`): it tries
every way to finish it (each troop action, target and minion to exhaust; each
set of payments, once), lets the other players answer by a rule of thumb, and
:func:`rank` scores each finished position with
:func:`~covil_nb.bots.evaluation.margin` (the seat's evaluation less the best
rival's). A bot then follows the plan it chose through the step's decisions,
as long as they come as foreseen (:class:`Following`).

:func:`rule_of_thumb` is the quick policy for any decision that the
look-through uses for the other players' answers and the search bots for
their playouts.

A search runs this module thousands of times a decision, so it is compiled
with the engine (``covil_nb/model/native.py``, ``ALSO_COMPILED``). Replacing
one of its functions or methods from Python has no effect on its compiled
callers, and a Python subclass of one of its classes cannot be made.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from covil_nb.model import Action, Game
from covil_nb.model.language import Text
from covil_nb.model.state import Player, State
from covil_nb.model.views import hand_hidden
from covil_nb.model.vocabulary import fortress_owner

from .evaluation import margin

# Decisions that only continue a step already begun: a troop action, a payment,
# the stages of an attack, its answers and retreat, an instant effect's choices.
WITHIN_STEP: Final = frozenset(
    {
        "troop-action",
        "payment",
        "attack-troop",
        "attack-target",
        "attack-minion",
        "defend",
        "raise-stakes",
        "retreat",
        "rest-effect",
        "move-effect",
    }
)
REBELS: Final = "defend-rebels"  # each rebel attack is a step of its own
PLAN_LIMIT: Final = 600  # positions a look-through may visit before it finishes by rule of thumb
PAYMENT_ORDER: Final = {"gold": 0, "relic": 1, "minion": 2}
ACQUIRE_GOLD: Final = 4  # the rule of thumb acquires from this much gold: a treasury nearly full
ATTACK_CHANCE: Final = 0.7
GOLD_CHANCE: Final = 0.5
REPAIR_CHANCE: Final = 0.3
TIE: Final = 1e-9  # margins closer than this are equal


# -- steps and plans --------------------------------------------------------------------


def in_step(kind: str | None, resolved: bool) -> bool:
    """Whether a decision of ``kind`` (None: the game is over) continues the
    step under way; ``resolved`` says whether a combat of the step has been
    resolved (after it, a new rebel attack is a new step)."""
    if kind is None:
        return False
    return kind in WITHIN_STEP or (kind == REBELS and not resolved)


Signature = tuple[str, str, str | Text, tuple[str, ...]]


def signature(game: Game) -> Signature:
    """A decision as its seat sees it: who, what, and the actions offered."""
    d = game.decision
    assert d is not None
    return (d.player, d.kind, d.prompt, tuple(str(a) for a in game.legal_actions()))


@dataclass(frozen=True)
class Plan:
    """One way to finish the step: the seat's own actions, the decision each
    answers (to recognise them when they come), and the finished position."""

    actions: tuple[Action, ...]
    expected: tuple[Signature, ...]
    result: Game

    def __str__(self) -> str:
        return ", ".join(str(a) for a in self.actions)


def plans(game: Game, limit: int = PLAN_LIMIT) -> list[Plan]:
    """Every way for the deciding seat to finish the step each legal action
    begins. Each first action gets a fair share of the ``limit`` positions
    the look-through may visit; past its share, a step is finished by the
    rule of thumb."""
    search = _LookThrough(game.decision.player)  # type: ignore[union-attr]
    first = _options(game, ())
    mark = signature(game)
    found: list[Plan] = []
    for i, action in enumerate(first):
        search.left = (limit - search.visited) // (len(first) - i)
        found += search.branch(game, (), (mark,), False, action)
    return found


class _LookThrough:
    def __init__(self, me: str) -> None:
        self.me = me
        self.visited = 0
        self.left = 0
        self.thumb = random.Random(0)  # answers of the others: the same in every look

    def branch(
        self,
        game: Game,
        done: tuple[Action, ...],
        expected: tuple[Signature, ...],
        resolved: bool,
        action: Action,
        owned: bool = False,
    ) -> Iterator[Plan]:
        """The plans that go on with ``action``; ``owned``: ``game`` is this
        look-through's own copy, needed by nobody after this branch."""
        if not owned:
            game = game.copy(log=False)
        game.apply(action)
        self.visited += 1
        self.left -= 1
        done, resolved = (*done, action), resolved or action.verb == "pass"
        while in_step(game.decision_kind, resolved) and not self.chooses(game, done):
            answer = rule_of_thumb(game, self.thumb)
            game.apply(answer)
            resolved = resolved or answer.verb == "pass"
        if not in_step(game.decision_kind, resolved):
            yield Plan(done, expected, game)
            return
        mark = signature(game)
        # The last option goes on from this very position, not a copy (a
        # copy of the whole state was a fifth of a search's time): options
        # are looked through one at a time, and none reads it after the last.
        options = self.options(game, done)
        for i, option in enumerate(options, 1):
            owned = i == len(options)
            yield from self.branch(game, done, (*expected, mark), resolved, option, owned=owned)

    def chooses(self, game: Game, done: tuple[Action, ...]) -> bool:
        """Whether the seat's own options are tried here: the others answer
        by the rule of thumb, and so does the seat past its share of positions."""
        return game.decider == self.me and self.left > 0

    def options(self, game: Game, done: tuple[Action, ...]) -> list[Action]:
        return _options(game, done)


class _Script(_LookThrough):
    """A look-through that tries one way only: the seat's ``actions``, in order."""

    def __init__(self, me: str, actions: list[Action]) -> None:
        super().__init__(me)
        self.actions = actions

    def chooses(self, game: Game, done: tuple[Action, ...]) -> bool:
        at = len(done)
        return (
            game.decider == self.me
            and at < len(self.actions)
            and self.actions[at] in game.legal_actions()
        )

    def options(self, game: Game, done: tuple[Action, ...]) -> list[Action]:
        return [self.actions[len(done)]]


def follow(game: Game, actions: Sequence[Action]) -> Plan:
    """The plan that plays ``actions`` (the deciding seat's own, the first
    legal now) as the step under way, the others answering by the rule of
    thumb as in :func:`plans`. Where the next of them is not allowed when the
    seat decides (the others answered otherwise), or they run out, the rest
    of the step is played by the rule of thumb: the plan holds the actions
    played as given."""
    script = _Script(game.decision.player, list(actions))  # type: ignore[union-attr]
    return next(script.branch(game, (), (signature(game),), False, actions[0]))


def _options(game: Game, done: tuple[Action, ...]) -> list[Action]:
    """The actions worth trying. Cancelling a purchase is not: acquiring was
    chosen over not acquiring, and weighing both again could go round in
    circles. Within a step, buying a relic (it can wait for the step's end)
    and a second relic are left out, and payments are tried as sets (see
    :func:`_payments`)."""
    legal = [a for a in game.legal_actions() if a.verb != "cancel"] or game.legal_actions()
    if not done:
        return legal
    skipped = {"buy-relic"}
    if any(a.verb == "activate" for a in done):
        skipped.add("activate")  # one relic per step: any more is rarely worth its VP
    legal = [a for a in legal if a.verb not in skipped]
    pays = [a for a in legal if a.verb == "pay"]
    return _payments(game, pays, [a for a in done if a.verb == "pay"]) if pays else legal


def _payments(game: Game, pays: list[Action], paid: list[Action]) -> list[Action]:
    """Payments as sets, each tried once: the gold first, all that is due
    (gold over 5 is lost anyway, minions and relics are not), then relics and
    minions in one order. Relics of the same gold value are alike to the
    evaluation, so only the first of them is offered."""
    gold = [a for a in pays if a.args[0] == "gold"]
    if gold and not paid:
        return [max(gold, key=lambda a: int(a.args[1]))]
    last = _payment_key(game, paid[-1]) if paid else None
    offered: dict[tuple[int, int, str], Action] = {}
    for a in sorted(pays, key=lambda a: _payment_key(game, a)):
        key = _payment_key(game, a)
        if a.args[0] != "gold" and (last is None or key > last):
            offered.setdefault((*key[:2], "") if a.args[0] == "relic" else key, a)
    return list(offered.values())


def _payment_key(game: Game, action: Action) -> tuple[int, int, str]:
    what, item = action.args
    if what == "gold":
        return (PAYMENT_ORDER[what], int(item), "")
    worth = game.cards.relic(item).gold if what == "relic" else game.cards.minion(item).cost
    return (PAYMENT_ORDER[what], worth, item)


def rank(game: Game, limit: int = PLAN_LIMIT) -> list[tuple[float, Plan]]:
    """The plans of the deciding seat, best margin first (stable for ties).
    A step that leaves everything as it was is left out: some can be taken
    again and again (a Command that rests its own minion back to ready)."""
    me = game.decision.player  # type: ignore[union-attr]
    found = plans(game, limit)
    here = outcome(game)
    found = [p for p in found if outcome(p.result) != here] or found
    scored = [(margin(p.result, me), p) for p in found]
    return sorted(scored, key=lambda vp: -vp[0])


def outcome(game: Game, seat: str | None = None) -> tuple:
    """A position up to the names of troops (plans that differ only by which
    of two alike troops acts have the same outcome), with who decides next.
    With ``seat``, as that seat sees it: of a hand it cannot see, only the
    number of cards (the search keys its tree by what the seat knows)."""
    s = game.read_state()
    players = tuple(
        (
            p.color,
            tuple(sorted((t.zone or "", t.standing) for t in p.troops)),
            p.gold,
            p.hp,
            _hand(s, p, seat),
            tuple(sorted(p.active)),
            tuple(sorted((m.card, m.state) for m in p.minions)),
        )
        for p in s.players
    )
    who = game.decider
    waiting = None if who is None else (who, game.decision_kind)
    return (players, tuple(sorted(s.pool)), s.rebels, waiting)


def _hand(state: State, player: Player, seat: str | None) -> tuple[str, ...] | int:
    if seat is not None and hand_hidden(state, player.color, seat):
        return len(player.hand)
    return tuple(sorted(player.hand))


class Following:
    """The rest of a chosen plan, played while its decisions come as foreseen."""

    def __init__(self) -> None:
        self.steps: list[tuple[Signature, Action]] = []

    def start(self, plan: Plan) -> None:
        self.steps = list(zip(plan.expected[1:], plan.actions[1:], strict=True))

    def next(self, game: Game) -> Action | None:
        if not self.steps:
            return None
        expected, action = self.steps.pop(0)
        if signature(game) == expected:
            return action
        self.steps = []
        return None


# -- the rule of thumb -------------------------------------------------------------------


def rule_of_thumb(game: Game, rng: random.Random) -> Action:
    """A quick, plausible action for whoever decides: act with every troop,
    attack often (fortresses first), take gold while there is room, acquire
    when the treasury is nearly full, pay with gold first, defend with the
    best Defense minion; never a free action (relics, Commands, buying a
    relic)."""
    me, kind = game.decider, game.decision_kind  # (the decision's prompt is never read)
    assert me is not None and kind is not None
    legal = game.legal_actions(free=False)  # it never takes a free action
    return _THUMB.get(kind, _anything)(game, me, legal, rng)


Thumb = Callable[[Game, str, list[Action], random.Random], Action]


def _verb(actions: list[Action], verb: str) -> list[Action]:
    return [a for a in actions if a.verb == verb]


def _anything(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


def _turn(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    acquire = _verb(legal, "acquire")
    if acquire and game.read_state().player(me).gold >= ACQUIRE_GOLD:
        return max(acquire, key=lambda a: game.cards.minion(a.args[0]).cost)
    lie = _verb(legal, "lie")
    return rng.choice(lie) if lie else _verb(legal, "end")[0]


def _troop_action(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    player = game.read_state().player(me)
    attacks = _verb(legal, "attack")
    if attacks and rng.random() < ATTACK_CHANCE:
        fortresses = [a for a in attacks if fortress_owner(a.args[0]) is not None]
        return rng.choice(fortresses or attacks)
    rest = _verb(legal, "rest")
    if rest and not any(m.ready for m in player.minions):
        tired = {m.card for m in player.minions if m.state == "tired"}
        return max(rest, key=lambda a: a.args[0] in tired)  # one rest readies a tired one
    if player.gold < 5 and rng.random() < GOLD_CHANCE:
        return _verb(legal, "gold")[0]
    repair = _verb(legal, "repair")
    if repair and player.hp < 5 and rng.random() < REPAIR_CHANCE:
        return repair[0]
    return rng.choice(_verb(legal, "move") or legal)


def _payment(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    pays = _verb(legal, "pay")
    gold = [a for a in pays if a.args[0] == "gold"]
    if gold:
        return max(gold, key=lambda a: int(a.args[1]))
    relics = [a for a in pays if a.args[0] == "relic"]
    if relics:
        return min(relics, key=lambda a: game.cards.relic(a.args[1]).gold)
    if pays:
        return min(pays, key=lambda a: game.cards.minion(a.args[1]).cost)
    return legal[0]


def _attack_troop(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(_verb(legal, "troop") or legal)


def _attack_target(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    fortresses = [a for a in legal if fortress_owner(a.args[0]) is not None]
    return rng.choice(fortresses or legal)


def _attack_minion(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    def punch(action: Action) -> int:
        card = game.cards.minion(action.args[0])
        shock = card.aftershock.amount if card.aftershock else 0
        return (card.power if card.stat != "defense" else 0) + shock

    return max(legal, key=punch)


def _defend(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    def guard(action: Action) -> int:
        return game.cards.minion(action.args[0]).stat_bonus("defense")

    best = max(_verb(legal, "exhaust"), key=guard, default=None)
    return best if best is not None and guard(best) > 0 else _verb(legal, "pass")[0]


def _pass(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    return _verb(legal, "pass")[0]


def _retreat(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    """Back toward the own fortress, where a troop guards it."""
    home = game.read_state().player(me).fortress
    if home is None:
        return rng.choice(legal)
    return min(legal, key=lambda a: game.board.distance(a.args[0], home))


def _first(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    return legal[0]


def _skip(game: Game, me: str, legal: list[Action], rng: random.Random) -> Action:
    return (_verb(legal, "skip") or legal)[0]


_THUMB: Final[dict[str, Thumb]] = {
    "turn": _turn,
    "troop-action": _troop_action,
    "payment": _payment,
    "attack-troop": _attack_troop,
    "attack-target": _attack_target,
    "attack-minion": _attack_minion,
    "defend": _defend,
    "defend-rebels": _defend,
    "raise-stakes": _pass,
    "retreat": _retreat,
    "rest-effect": _first,
    "move-effect": _skip,
}
