"""What must hold in every position.

Loading a save or a scenario checks it, and the random-game tests check it
after every action.

A position may come from a stranger's save file, so nothing here assumes
another check has passed: the players' colors and the board are checked
first, and the rest only once they hold; the decision stack is checked
against the table (every troop, card and player it names is in the game).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from .afternoon import Purchase
from .cards import CardSet, MinionCard, RelicCard
from .errors import said
from .language import Text, named, tr
from .maps import Board
from .setup import EDITIONS, dummies_problem, troop_ids
from .state import FIELDS, RULE_OPTIONS, FrameData, Player, State
from .vocabulary import (
    COLORS,
    DAYS,
    MAX_GOLD,
    MAX_HALL,
    MAX_HP,
    MAX_REBELS,
    MinionState,
    Phase,
    fortress_owner,
    owner_color,
)
from .words import color_name, phase_name

MINION_STATES: Final = tuple(MinionState)
CARD_SETS: Final = ("reference", "custom")  # the set played with: see Options.cards
PHASES: Final = tuple(Phase)


def problems(state: State, cards: CardSet, board: Board) -> list[Text]:
    """Every broken invariant, as sentences; an empty list means all is well."""
    found = _options(state, board)
    if found:
        return found  # the checks below read the players' colors and the board
    found = _cards(state, cards) + _stack(state, cards)
    for p in state.players:
        found += _player(p, board)
    if not 0 <= state.rebels <= MAX_REBELS:
        found.append(
            tr(
                "{count} rebels in town: there are {most} at most",
                count=state.rebels,
                most=MAX_REBELS,
            )
        )
    if not 1 <= state.day <= DAYS:
        found.append(tr("day {day} is not one of 1 to {days}", day=state.day, days=DAYS))
    if state.phase not in PHASES:
        found.append(tr("unknown phase {phase}", phase=said(state.phase)))
    n = len(state.players)
    if not (0 <= state.scepter < n and 0 <= state.turn < n):
        found.append(tr("the scepter or the turn points at no player"))
    fortresses = [p.fortress for p in state.players if p.fortress]
    if len(set(fortresses)) < len(fortresses):
        found.append(tr("two fortresses share a zone"))
    found += [
        tr("the rebels' target {target} is no troop or fortress of this game", target=said(target))
        for target in state.retaliation
        if state.troop(target) is None and fortress_owner(target) not in _colors(state)
    ]
    return found


def _colors(state: State) -> list[str]:
    return [p.color for p in state.players]


def _options(state: State, board: Board) -> list[Text]:
    o, found = state.options, list[Text]()
    if o.edition not in EDITIONS:
        found.append(tr("unknown edition {edition}", edition=said(o.edition)))
    for name in RULE_OPTIONS:
        if getattr(o.rules, name) not in EDITIONS:
            found.append(
                tr("rules option {name} must be one of {editions}", name=name, editions=EDITIONS)
            )
    if o.board != board.name:
        found.append(
            tr(
                "the position is for board {board}, not {this}",
                board=said(o.board),
                this=said(board.name),
            )
        )
    if o.cards not in CARD_SETS:
        found.append(
            tr("the cards are {cards}, not one of {sets}", cards=said(o.cards), sets=CARD_SETS)
        )
    colors = [p.color for p in state.players]
    if len(set(colors)) != len(colors) or not set(colors) <= set(COLORS):
        found.append(
            tr(
                "players must be distinct colors among {colors}: got {got}",
                colors=COLORS,
                got=colors,
            )
        )
    if not board.min_players <= len(colors) <= board.max_players:
        found.append(
            tr(
                "{board} is for {least} to {most} players",
                board=named(board.title),
                least=board.min_players,
                most=board.max_players,
            )
        )
    if (dummies := dummies_problem(colors, o.dummies)) is not None:
        found.append(dummies)
    return found


def _player(p: Player, board: Board) -> list[Text]:
    found: list[Text] = []
    color = color_name(p.color)
    if not 0 <= p.gold <= MAX_GOLD:
        found.append(
            tr(
                "{color} has {gold} gold: the treasury holds 0 to {most}",
                color=color,
                gold=p.gold,
                most=MAX_GOLD,
            )
        )
    if not 0 <= p.hp <= MAX_HP:
        found.append(
            tr("{color}'s fortress has {hp} HP: 0 to {most}", color=color, hp=p.hp, most=MAX_HP)
        )
    if len(p.hall) > MAX_HALL:
        found.append(
            tr(
                "{color} has {count} minions besides the Overlord: {most} at most",
                color=color,
                count=len(p.hall),
                most=MAX_HALL,
            )
        )
    if sorted(t.id for t in p.troops) != troop_ids(p.color):
        found.append(
            tr(
                "{color} must have exactly the troops {troops}",
                color=color,
                troops=troop_ids(p.color),
            )
        )
    for t in p.troops:
        if t.zone is not None and t.zone not in board.zones:
            found.append(
                tr(
                    "{color}'s troop {troop} is in unknown zone {zone}",
                    color=color,
                    troop=t.id,
                    zone=said(t.zone),
                )
            )
    if p.fortress is not None and p.fortress not in board.zones:
        found.append(
            tr("{color}'s fortress is in unknown zone {zone}", color=color, zone=said(p.fortress))
        )
    for m in p.minions:
        if m.state not in MINION_STATES:
            found.append(
                tr(
                    "{color}'s {card} is {state}, not one of {states}",
                    color=color,
                    card=m.card,
                    state=said(m.state),
                    states=MINION_STATES,
                )
            )
    return found


def _cards(state: State, cards: CardSet) -> list[Text]:
    """Every card of the set in exactly one place."""
    places = [
        *state.pool,
        *state.mercenary_deck,
        *state.minion_discard,
        *state.relic_deck,
        *state.relic_discard,
        *state.box,
    ]
    for p in state.players:
        places += [m.card for m in p.minions] + p.hand + p.active
    counts = Counter(places)
    found = [
        tr("card {card} is in {count} places", card=said(c), count=n)
        for c, n in counts.items()
        if n > 1
    ]
    known = {c.id for c in cards}
    found += [tr("unknown card {card}", card=said(c)) for c in counts if c not in known]
    found += [tr("card {card} is nowhere", card=said(c)) for c in sorted(known - set(counts))]
    for p in state.players:
        if p.overlord is None:
            found.append(
                tr("{color} has no Dark Overlord on the throne", color=color_name(p.color))
            )
            continue
        throne = cards[p.overlord.card] if p.overlord.card in known else None
        if throne is not None and getattr(throne, "kind", "") != "overlord":
            found.append(
                tr(
                    "{color}'s throne holds {card}, not a Dark Overlord",
                    color=color_name(p.color),
                    card=p.overlord.card,
                )
            )
        found += [
            tr(
                "{color}'s hall holds {card}, which is not a minion",
                color=color_name(p.color),
                card=m.card,
            )
            for m in p.hall
            if m.card in known and not isinstance(cards[m.card], MinionCard)
        ]
        found += [
            tr("{color}'s hand holds {card}, not a relic", color=color_name(p.color), card=r)
            for r in p.hand + p.active
            if r in known and not isinstance(cards[r], RelicCard)
        ]
    return found


def _stack(state: State, cards: CardSet) -> list[Text]:
    """The decision stack fits the table: the day at its bottom (none once
    the game is over), each step on one the engine puts it on, in its
    phase; every player, troop, target and card a step names is in the
    game, its counts in range; a purchase pledges what its buyer has."""
    kinds = [frame.kind for frame in state.stack]
    if state.phase == Phase.END:
        return [tr("a finished game has no decision pending")] if kinds else []
    if kinds[:1] != ["day"] or kinds.count("day") != 1:
        return [
            tr(
                "the decision stack must hold the day at its bottom, once: it holds {kinds}",
                kinds=kinds,
            )
        ]
    found: list[Text] = []
    for i, frame in enumerate(state.stack):
        step = tr("step {number} of the stack ({kind})", number=i, kind=frame.kind)
        if i and kinds[i - 1] not in _ON.get(frame.kind, ()):
            found.append(tr("{step} cannot follow a {kind} step", step=step, kind=kinds[i - 1]))
        if frame.kind in _PHASE and _PHASE[frame.kind] != state.phase:
            found.append(
                tr(
                    "{step} belongs to the {phase}, not the {now}",
                    step=step,
                    phase=phase_name(_PHASE[frame.kind]),
                    now=phase_name(state.phase),
                )
            )
        for name, value in _fields(frame):
            check = _NAMES.get(name)
            wrong = check(state, cards, frame, value) if check and value is not None else ""
            if wrong:
                found.append(tr("{step}: its {name} {wrong}", step=step, name=name, wrong=wrong))
        if isinstance(frame, Purchase):
            found += [
                tr("{step}: {wrong}", step=step, wrong=wrong) for wrong in _pledged(state, frame)
            ]
    return found


# The step each step is put on by the engine, and the phase of those that have one.
_ON: Final[dict[str, tuple[str, ...]]] = {
    "start-zone": ("day",),
    "turn": ("day",),
    "troop-action": ("turn",),
    "purchase": ("turn",),
    "combat": ("turn", "day"),  # a troop's or a relic's attack; the rebels' at night
    "retreat": ("turn", "day"),
    "instant": ("turn", "combat"),  # the free actions of a turn and of a response
}
_PHASE: Final[dict[str, Phase]] = {
    "start-zone": Phase.MORNING,
    "turn": Phase.AFTERNOON,
    "troop-action": Phase.AFTERNOON,
    "purchase": Phase.AFTERNOON,
}


def _pledged(state: State, purchase: Purchase) -> list[Text]:
    """A purchase under way buys a card of the pool with what its buyer
    still has: gold of the treasury, relics in hand, minions in the hall."""
    buyer = next((p for p in state.players if p.color == purchase.player), None)
    if buyer is None:
        return []  # said by the check of its player
    in_pool = purchase.card in state.pool
    found = [] if in_pool else [tr("{card} is not in the pool", card=said(purchase.card))]
    if purchase.gold > buyer.gold:
        found.append(
            tr(
                "{pledged} gold pledged, {gold} in the treasury",
                pledged=purchase.gold,
                gold=buyer.gold,
            )
        )
    hall = [m.card for m in buyer.hall]
    for pledged, held, where in [
        (purchase.relics, buyer.hand, tr("{color}'s hand", color=color_name(buyer.color))),
        (purchase.minions, hall, tr("{color}'s hall", color=color_name(buyer.color))),
    ]:
        if len(set(pledged)) != len(pledged) or not set(pledged) <= set(held):
            found.append(
                tr("pledges {pledged}, not all of them in {where}", pledged=pledged, where=where)
            )
    return found


def _fields(frame: FrameData) -> list[tuple[str, object]]:
    return [(name, getattr(frame, name)) for name in FIELDS[type(frame)]]


def _color(state: State, cards: CardSet, frame: FrameData, color: object) -> Text | str:
    colors = [p.color for p in state.players]
    if color in colors:
        return ""
    return tr("{color} is not one of the players {players}", color=said(color), players=colors)


def _troop(state: State, cards: CardSet, frame: FrameData, troop: object) -> Text | str:
    """A troop on the board, and of the step's player where it has one."""
    found = state.troop(troop) if isinstance(troop, str) else None
    if found is None or found.zone is None:
        return tr("{troop} is no troop on the board", troop=said(troop))
    owner = getattr(frame, "player", None) or getattr(frame, "attacker", None)
    if owner is not None and owner_color(found.id) != owner:
        return tr("{troop} is not {color}'s", troop=troop, color=color_name(owner))
    return ""


def _target(state: State, cards: CardSet, frame: FrameData, target: object) -> Text | str:
    """A troop on the board, or a fortress standing on it ("" before one is chosen)."""
    if target == "":
        return ""
    assert isinstance(target, str)  # the codec decoded it as text
    color = fortress_owner(target)
    if color is not None:
        owner = next((p for p in state.players if p.color == color), None)
        if owner is None or owner.fortress is None:
            return tr("{target} names no fortress on the board", target=said(target))
    else:
        troop = state.troop(target)
        if troop is None or troop.zone is None:
            return tr("{troop} is no troop on the board", troop=said(target))
        color = owner_color(target)
    attacker = getattr(frame, "attacker", None)
    if color != attacker:
        return ""
    return tr(
        "{target} is {color}'s own: an attack is on an enemy",
        target=target,
        color=color_name(str(attacker)),
    )


def _card_name(state: State, cards: CardSet, frame: FrameData, name: object) -> Text | str:
    """An effect's source: the name of the card it comes from."""
    if any(c.name == name for c in cards):
        return ""
    return tr("{name} names no card of this game", name=said(name))


def _card(state: State, cards: CardSet, frame: FrameData, card: object) -> Text | str:
    return "" if card in cards else tr("{card} is no card of this game", card=said(card))


def _cards_or_troops(state: State, cards: CardSet, frame: FrameData, names: object) -> Text | str:
    assert isinstance(names, list)  # the codec decoded it as a list of text
    unknown = [n for n in names if n not in cards and state.troop(n) is None]
    if not unknown:
        return ""
    return tr("{name} is neither a card nor a troop of this game", name=said(unknown[0]))


def _count(state: State, cards: CardSet, frame: FrameData, count: object) -> Text | str:
    """A whole number of things: 0 or more, and small."""
    return _within(count, 0)


def _owed(state: State, cards: CardSet, frame: FrameData, owed: object) -> Text | str:
    """What a purchase still owes: below 0 once overpaid (the change)."""
    return _within(owed, -MAX_COUNT)


def _within(number: object, low: int) -> Text | str:
    if isinstance(number, int) and low <= number <= MAX_COUNT:
        return ""
    return tr(
        "{number} is out of range ({low} to {high})", number=said(number), low=low, high=MAX_COUNT
    )


MAX_COUNT: Final = 100  # a step's counts (gold paid, rounds of response) stay small
# What a step's field names, by its name: one check for every step that has it.
_NAMES: Final = {
    "player": _color,
    "attacker": _color,
    "responder": _color,
    "troop": _troop,
    "target": _target,
    "card": _card,
    "source": _card_name,
    "minion": _card,
    "guard": _card,
    "relics": _cards_or_troops,
    "minions": _cards_or_troops,
    "locked": _cards_or_troops,
    "cost": _owed,
    "gold": _count,
    "times": _count,
    "round": _count,
}
