"""Which element of the picture a click chooses an action with.

An element key is ``"<kind>:<id>"``; the drawn element carries the attribute
``data-<kind>="<id>"`` (:func:`attribute`), so the page and the tests find it
the same way:

=====================  ==============================  ===============================
key                    element                          actions
=====================  ==============================  ===============================
``zone:D``             a zone of the map                start, move, retreat
``troop:Y1``           a troop on the map               lie, troop, attack (a troop)
``fortress:red``       a fortress on the map            attack (an unguarded fortress)
``card:<card id>``     a minion or relic card           acquire, rest, exhaust, command,
                                                        activate, pay relic, pay minion
``gold:yellow``        a treasury track                 gold (the troop action)
``coin:yellow-3``      the 3rd coin of that track       pay gold (see below)
``hp:yellow``          a fortress HP track              repair
``rebels:E``           the rebels in the town (zone E)  (none: for highlights)
=====================  ==============================  ===============================

Verbs that name no element (``end``, ``pass``, ``skip``, ``cancel``,
``buy-relic``) give ``()``: the page offers them as buttons.

Paying gold is the one choice where several actions would share an element
(``pay gold 1``, ``pay gold 2``… all spend the same treasury). Each amount
gets its own coin instead: ``pay gold n`` is the coin the treasury would be
spent down to, counting the coins already pledged to the purchase, so a click
on the third coin of a treasury with none pledged pays 3.
"""

from __future__ import annotations

from covil_nb.model import Action, CovilError, Game
from covil_nb.model.afternoon import Purchase
from covil_nb.model.combat import FORTRESS as FORTRESS_TARGET  # "attack fortress-red"
from covil_nb.model.language import N_, Text, named, tr
from covil_nb.model.state import State
from covil_nb.model.words import color_name

KINDS = ("zone", "troop", "fortress", "card", "gold", "coin", "hp", "rebels")
#: Each kind as a sentence names an element of it ("zone D", "troop Y1").
KIND_NAMES = {
    "zone": tr("zone"),
    "troop": tr("troop"),
    "fortress": tr("fortress"),
    "card": tr("card"),
    "gold": tr("gold"),
    "coin": tr("coin"),
    "hp": tr("hp"),
    "rebels": tr("rebels"),
}


#: Elements a player owns, as a sentence names them.
OWNED = {
    "fortress": N_("{color}'s fortress"),
    "gold": N_("{color}'s treasury"),
    "hp": N_("{color}'s fortress HP track"),
}


def element_named(element: str, game: Game) -> Text:
    """An element key as a sentence names it: "zone D", "troop Y1", a card's
    name, "yellow's fortress" (the page's chooser and the click's refusal)."""
    kind, _, ident = element.partition(":")
    if kind in OWNED and ident in game.players:
        return tr(OWNED[kind], color=color_name(ident))
    if kind == "card" and ident in game.cards:
        return named(game.cards[ident].name)
    color, _, number = ident.rpartition("-")
    if kind == "coin" and color in game.players:
        return tr("{color}'s coin {number}", color=color_name(color), number=number)
    if kind == "rebels":
        return tr("the rebels in zone {zone}", zone=ident)
    return tr("{kind} {element}", kind=KIND_NAMES.get(kind, kind), element=ident)


NO_ELEMENT = frozenset({"end", "pass", "skip", "cancel", "buy-relic"})
_FIRST_ARG = {
    "start": "zone",
    "move": "zone",
    "retreat": "zone",
    "lie": "troop",
    "troop": "troop",
    "acquire": "card",
    "rest": "card",
    "exhaust": "card",
    "command": "card",
    "activate": "card",
}
#: Every verb the model's actions use.
VERBS = frozenset({*NO_ELEMENT, *_FIRST_ARG, "attack", "pay", "gold", "repair"})


def key(kind: str, ident: str) -> str:
    return f"{kind}:{ident}"


def attribute(element: str) -> tuple[str, str]:
    """The attribute that marks an element: ``"troop:Y1"`` → ``("data-troop", "Y1")``."""
    kind, sep, ident = element.partition(":")
    if not sep or kind not in KINDS or not ident:
        raise CovilError(
            tr(
                "{element} is not an element key: write kind:id with a kind among {kinds} (e.g. "
                "'zone:D', 'troop:Y1', 'card:iron-marshal')",
                element=repr(element),
                kinds=", ".join(KINDS),
            ),
            "drawing",
        )
    return f"data-{kind}", ident


def elements_of(action: Action | str, game: Game) -> tuple[str, ...]:
    """The element keys a click on which chooses ``action`` in ``game``'s
    current decision (see the table above); ``()`` for a button-only verb."""
    chosen = Action.parse(action) if isinstance(action, str) else action
    verb = chosen.verb
    if verb not in VERBS:
        raise CovilError(
            tr("'{chosen}': the model has no verb {verb}", chosen=chosen, verb=repr(verb)),
            "notation",
        )
    if verb in NO_ELEMENT:
        return ()
    if verb in _FIRST_ARG:
        return (key(_FIRST_ARG[verb], _arg(chosen, 0)),)
    if verb == "attack":
        target = _arg(chosen, 0)
        if target.startswith(FORTRESS_TARGET):
            return (key("fortress", target.removeprefix(FORTRESS_TARGET)),)
        return (key("troop", target),)
    color = _decider(chosen, game)
    if verb == "gold":
        return (key("gold", color),)
    if verb == "repair":
        return (key("hp", color),)
    return (_payment(chosen, game, color),)


def _payment(action: Action, game: Game, color: str) -> str:
    what, item = _arg(action, 0), _arg(action, 1)
    if what in ("relic", "minion"):
        return key("card", item)
    if what != "gold" or not item.isdigit():
        raise CovilError(
            tr(
                "'{action}' is not a payment: write 'pay gold <n>', 'pay relic <id>' or 'pay "
                "minion <id>'",
                action=action,
            ),
            "2.1 Acquire a minion",
        )
    buying = purchase(game.read_state())
    pledged = buying.gold if buying else 0
    return key("coin", f"{color}-{pledged + int(item)}")


def purchase(state: State) -> Purchase | None:
    """The purchase being paid for, if that is the decision now."""
    stack = state.stack
    top = stack[-1] if stack else None
    return top if isinstance(top, Purchase) else None


def _decider(action: Action, game: Game) -> str:
    decision = game.decision
    if decision is None:
        raise CovilError(
            tr("'{action}' cannot be drawn: the game is over", action=action), "Final scoring"
        )
    return decision.player


def _arg(action: Action, index: int) -> str:
    if len(action.args) <= index:
        raise CovilError(
            tr("'{action}' lacks argument {number}", action=action, number=index + 1), "notation"
        )
    return action.args[index]
