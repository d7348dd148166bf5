"""What the board's traits hold: a game turned into small JSON values.

Each function here reads the model's public API and returns plain data (str,
int, list, dict) that the page draws without knowing any rule: the pictures
come from the drawing, the legal actions come with their labels and the board
elements a click chooses them with, the combat with both strengths.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from itertools import groupby
from typing import Any

from covil_nb import drawing
from covil_nb.drawing.elements import FORTRESS_TARGET, KINDS, element_named, elements_of
from covil_nb.drawing.style import ACTION
from covil_nb.model import Action, CovilError, Event, Game, Strength, morning, night
from covil_nb.model.combat import REBELS_PART, CombatView, part_said
from covil_nb.model.flow import CLOSING
from covil_nb.model.history import Moment
from covil_nb.model.language import LANGUAGES, N_, Listed, Text, cite, named, ntr, tr
from covil_nb.model.views import hand_hidden, hidden_cards
from covil_nb.model.vocabulary import DecisionKind, Verb, fortress_target
from covil_nb.model.words import color_name, stat_name

from . import payloads
from .seats import Seats
from .sheet import Round

Position = tuple[int, int]  # (history step, moment in it): where a log entry leads
RESPONSES = frozenset({"defend", "raise-stakes", "defend-rebels"})
# The groups of the listed actions, in a player's words (rulebook 2.1 to 2.3):
# the page titles each group once, so ten purchases do not each say what they
# are. Ending the turn, passing and the rest have no title.
TROOP_ACTION = N_("Troop action")
# Where a troop action is chosen: a card's move, or its free attack, asks with
# the same verbs elsewhere (a Command's, a relic's), and is not one.
TROOP_ACTION_CHOSEN = frozenset({"turn", "troop-action"})
GROUPS: dict[str, str] = {  # named in English, said in the board's language
    **dict.fromkeys(
        (Verb.LIE, Verb.MOVE, Verb.REST, Verb.REPAIR, Verb.GOLD, Verb.ATTACK), TROOP_ACTION
    ),
    Verb.ACQUIRE: N_("Acquire a minion"),
    Verb.COMMAND: N_("Minions' commands"),
    **dict.fromkeys((Verb.ACTIVATE, Verb.BUY_RELIC), N_("Relics")),
    **dict.fromkeys((Verb.PAY, Verb.CANCEL), N_("Payment")),
}


# -- pictures ------------------------------------------------------------------------


def board_json(game: Game, seats: Seats) -> payloads.Board:
    """What never changes during a game: the map under the pieces, the seats."""
    return {
        "name": game.board.name,
        "title": game.board.title,
        "map": drawing.map_layer(game.board).svg(),
        "legend": drawing.legend_strip(game.players).svg(),  # the page frames it
        "mark": ACTION,  # the colour the page rings a legal element of a hall with
        "seats": seats.to_json(),
        "kinds": list(KINDS),  # the data-<kind> attributes a click may name
        "languages": LANGUAGES,  # the board's language switch: each in its own words
    }


def pictures(
    game: Game,
    viewer: str | None,
    actions: list[Action],
    moved: Moved = ((), {}),
) -> dict[str, str]:
    """The sections of the drawing for one position, by name: the pieces over
    the map (the elements of the legal ``actions`` marked, and what a moment
    of a playback ``moved``), the status line, the market, each hall as
    ``viewer`` sees it (and the VP now in the status line).

    The halls and the market are drawn without marks: the page marks their
    elements from the ``decision`` trait. Marks there would change most
    cards at every decision, and each changed card is sent again (see
    :mod:`.sheet`); the pieces layer is small."""
    arrows, highlight = moved
    sections = {
        "pieces": drawing.pieces_layer(
            game, actions=actions, arrows=arrows, highlight=highlight
        ).svg(),
        "status": drawing.status(game, viewer=viewer).svg(),
        "market": drawing.market(game).svg(),
    }
    for color in game.players:
        sections[f"hall:{color}"] = drawing.hall(game, color, viewer=viewer).svg()
    return sections


Places = dict[str, tuple[str | None, bool]]  # troop id -> (zone or None, standing)
Moved = tuple[tuple[tuple[str, str, str], ...], dict[str, str]]  # arrows, highlights


def places(game: Game) -> Places:
    """Where every troop is, and whether it stands."""
    return {t.id: (t.zone, t.standing) for p in game.read_state().players for t in p.troops}


def moved(before: Places, game: Game) -> Moved:
    """What changed on the map since ``before``, for a learner to follow a
    bot's or a dummy's step: each troop that moved gets an arrow from the
    zone it left, and each troop that moved, arrived or changed its pose a
    ring."""
    arrows, rings = [], {}
    for troop, (zone, standing) in places(game).items():
        was_zone, was_standing = before.get(troop, (zone, standing))
        if zone is None or (zone, standing) == (was_zone, was_standing):
            continue
        rings[f"troop:{troop}"] = "focus"
        if was_zone is not None and was_zone != zone:
            arrows.append((f"zone:{was_zone}", f"troop:{troop}", "move"))
    return tuple(arrows), rings


# The map's elements: the drawing rings and joins these in the pieces layer;
# the page rings the others (a card in a hall) as it rings the hint's.
MAP_KINDS = frozenset({"zone", "troop", "fortress", "rebels"})


def foreseen(game: Game, moves: Sequence[str]) -> tuple[Moved, list[str]]:
    """A line of play drawn on ``game``'s position before it is played (an
    engine's better line): an arrow from each troop of the seat deciding
    that it moves to the zone it ends in, and a ring on every element of
    the map its actions choose; with the elements off the map they choose
    (cards, gold, HP), which the page rings. Other seats' troops moved on
    the way (a dummy's answer) are not drawn: the line is the seat's."""
    trial, seat = game.copy(log=False), game.decider
    start = places(game)
    chosen: list[str] = []
    for move in moves:
        chosen.extend(elements_of(move, trial))
        trial.apply(move)
    rings = dict.fromkeys((k for k in chosen if k.partition(":")[0] in MAP_KINDS), "focus")
    own = {t.id for p in trial.read_state().players if p.color == seat for t in p.troops}
    arrows = []
    for troop, (zone, _) in places(trial).items():
        was = start.get(troop, (None, False))[0]
        if troop in own and None not in (zone, was) and zone != was:
            arrows.append((f"troop:{troop}", f"zone:{zone}", "move"))
            rings[f"troop:{troop}"] = "focus"
    off_map = [k for k in dict.fromkeys(chosen) if k.partition(":")[0] not in MAP_KINDS]
    return (tuple(arrows), rings), off_map


# -- the decision ----------------------------------------------------------------------


def offered(game: Game, actions: list[Action], viewer: str | None) -> list[Action]:
    """The ``actions`` the page may list to ``viewer``: none that names a
    card of a hand hidden from it (a relic to activate or pay with), so that
    another seat's decision does not tell its hand (a study seen by one
    seat shows the others' decisions). The board offers a person only their
    own decisions, which this leaves whole."""
    hidden = hidden_cards(game.read_state(), viewer)
    return [a for a in actions if hidden.isdisjoint(a.args)] if hidden else actions


def decision_json(
    game: Game,
    seats: Seats,
    actions: list[Action],
    waiting: payloads.Waiting,
    viewer: str | None = None,
) -> payloads.Decision:
    """Who decides and what, with the ``actions`` offered (none while
    ``waiting`` for a playback or a bot), as ``viewer`` may know them (an
    attack's forecast counts its attacker's relics: only for eyes that see
    that hand). Once the game is over: the score."""
    decision = game.decision
    if game.paused:  # between the night's steps, in a playback
        return {
            "over": False,
            "player": "",
            "prompt": str(night.caption(game.read_state())),
            "rule": cite(night.PHASE),
            "actions": [],
            "combat": None,
            "waiting": waiting,
        }
    if decision is None:
        scores = game.score()
        return {
            "over": True,
            "winners": game.winners,
            "verdict": str(
                ntr(
                    "Game over — {players} wins",
                    "Game over — {players} share the victory",
                    len(game.winners),
                    players=Listed([color_name(c) for c in game.winners]),
                )
            ),
            "scores": [{"player": s.player, "total": s.total, "text": str(s)} for s in scores],
            "actions": [],
            "waiting": "over",
        }
    combat = combat_json(game)
    foresees = not hand_hidden(game.read_state(), decision.player, viewer)
    troop_action = decision.kind in TROOP_ACTION_CHOSEN
    listed = [action_json(game, a, foresees, troop_action) for a in actions]
    if combat is not None and decision.kind in RESPONSES:
        for entry, action in zip(listed, actions, strict=True):
            if action.verb != "buy-relic":  # not an answer: it changes no strength
                entry["preview"] = preview(game, action)
    return {
        "over": False,
        "player": decision.player,
        "seat": seats[decision.player].to_json(),
        "kind": decision.kind,
        "prompt": str(decision.prompt),
        "rule": cite(decision.rule),
        "actions": listed,
        # How the page names an element the player clicked (its chooser).
        "names": {e: str(element_named(e, game)) for a in listed for e in a["elements"]},
        "combat": combat,
        "waiting": waiting,
    }


def action_json(
    game: Game, action: Action, forecast: bool = True, troop_action: bool = True
) -> payloads.Offered:
    entry: payloads.Offered = {
        "action": str(action),
        "label": action.label or str(action),
        "elements": list(elements_of(action, game)),
    }
    if action.verb in CLOSING:  # ending the turn, passing: the page's key e chooses it
        entry["closes"] = True
    group = GROUPS.get(action.verb)
    if group is not None and (troop_action or group != TROOP_ACTION):
        entry["group"] = str(named(group))
    if forecast and action.verb == Verb.ATTACK:  # what the target would meet, before choosing it
        entry["forecast"] = str(game.forecast(action))
    return entry


def strength_json(strength: Strength) -> payloads.Strength:
    return {
        "total": strength.total,
        # Each part said whole ("2 from Reinforcements"), and its value.
        "parts": [[str(part_said(part, value)), value] for part, value in strength.parts if value],
        "text": str(strength),
    }


def combat_json(game: Game) -> payloads.Combat | None:
    """The combat under way, both strengths with their breakdowns."""
    combat = game.combat
    if combat is None:
        return None
    return {
        "attacker": combat.attacker,
        "troop": combat.troop,
        "target": combat.target,
        "defender": combat.defender,
        "style": combat.style,
        "stage": combat.stage,
        "responder": combat.responder,
        "free": combat.free,
        "attack": strength_json(combat.attack),
        "defense": strength_json(combat.defense),
        "head": str(_combat_head(combat)),
    }


def _combat_head(combat: CombatView) -> Text:
    """Who attacks whom: "Y1 (yellow) attacks red's fortress, melee"."""
    if combat.target.startswith(FORTRESS_TARGET):
        target: Text | str = tr("{color}'s fortress", color=color_name(combat.defender))
    else:
        target = tr("{troop} ({color})", troop=combat.target, color=color_name(combat.defender))
    if combat.attacker is None:
        return tr("The rebels attack {target}", target=target)
    return tr(
        "{troop} ({color}) attacks {target}, {style}",
        troop=combat.troop,
        color=color_name(combat.attacker),
        target=target,
        style=stat_name(combat.style),
    )


def preview(game: Game, action: Action) -> payloads.Preview:
    """Both strengths after ``action``, tried on a copy; when it ends the
    combat, the strengths it was resolved at and the winner. Only these are
    read: what a resolved combat would reveal (a hidden treasure drawn) stays
    hidden."""
    now = game.combat
    assert now is not None
    trial = game.copy()
    events = trial.apply(action)
    after = trial.combat
    if after is not None and (after.troop, after.target) == (now.troop, now.target):
        return {
            "attack": after.attack.total,
            "defense": after.defense.total,
            "resolves": False,
            "winner": None,
        }
    # The outcome's event: the model's own resolution (a defender's last
    # minion exhausted counts in it, though the combat is over at once).
    outcome: dict[str, Any] = next(
        (e.data for e in events if e.kind == "combat" and "winner" in e.data), {}
    )
    winner = outcome.get("winner")
    return {
        "attack": outcome.get("attack", now.attack.total),
        "defense": outcome.get("defense", now.defense.total),
        "resolves": True,
        "winner": winner,
        "verdict": str(
            tr("the rebels win")
            if winner == REBELS_PART
            else tr("{color} wins", color=color_name(winner or ""))
        ),
    }


def explain_click(game: Game, element: str, actions: list[Action]) -> CovilError:
    """Why a click on ``element`` does nothing now, in the rule's words: the
    model's refusal of an action the click could have meant (see
    :func:`meant_by`). The board says its reason alone: the player clicked a
    piece, not a notation, and sees what is allowed."""
    for action in meant_by(game, element, actions):
        refusal = game.refusal(action)
        if refusal is not None:
            return CovilError(refusal.reason, refusal.rule)
    decision = game.decision
    if decision is None:
        return CovilError(tr("the game is over: nothing more can be played"), "Final scoring")
    said = tr(
        "{element} has no part in this decision: {color} must {prompt}",
        element=element_named(element, game),
        color=color_name(decision.player),
        prompt=decision.prompt,
    )
    return CovilError(said, decision.rule)


def meant_by(game: Game, element: str, actions: list[Action]) -> Iterator[Action]:
    """The actions a click on ``element`` could have meant now: what a legal
    action of the same verb means on an element of the same kind ("move F"
    when "move B" is legal on zone B), and, in a troop action, an attack on
    the troop or fortress clicked, even when no attack is listed (the model
    then says why it cannot be attacked: no ready minion, out of reach)."""
    kind, _, ident = element.partition(":")
    for action in actions:
        for involved in elements_of(action, game):
            other_kind, _, other = involved.partition(":")
            if other_kind == kind and other in action.args:
                yield Action(action.verb, tuple(ident if a == other else a for a in action.args))
    if game.decision_kind == DecisionKind.TROOP_ACTION and kind in ("troop", "fortress"):
        yield Action(Verb.ATTACK, (ident if kind == "troop" else fortress_target(ident),))


# -- a playback's moments ----------------------------------------------------------------


def moment_json(moment: Moment, index: int, chosen: str = "") -> payloads.Moment:
    """Who did what at a moment of playback, and why (a dummy's priority).
    ``told`` is what happened in the log's sentences, for people (``actions``
    keeps the notation): not the dummy's own summary, which ``reason`` gives,
    nor a fight's end (``outcome``); where the action chosen (the first
    moment's) tells nothing yet, ``chosen``: its label (a bot's, its deed alone)."""
    said = told(moment) or ([chosen] if chosen else [])
    return {
        "index": index,
        "player": moment.player,
        "actions": list(moment.actions),
        "told": said,
        # Whose moment it is, for the rules' own: the night's steps or the morning.
        "by": "" if moment.player else str(rules_part(moment.reason)),
        # A night step's reason is its rule's title; a dummy's, its priority.
        "reason": str(moment.reason) if moment.player else cite(str(moment.reason)),
        "outcome": outcome(moment.events),
        # A moment worth a longer look at auto-play speed: a fight ended, a
        # dummy flipped a relic, a step of the night.
        "notable": not moment.player or any(e.kind in _NOTABLE for e in moment.events),
    }


def rules_part(rule: str | Text) -> Text:
    """The part of the day a moment the rules play belongs to, by its rule."""
    return tr("The morning") if rule == morning.PHASE else tr("The night")


def told(moment: Moment) -> list[str]:
    """What happened at a moment, in the log's sentences: a banner's worth of
    a player's step (saying how much more the log has), all of a night's step."""
    said = [e.text for e in moment.events if e.kind not in _TOLD_APART]
    if not moment.player or len(said) <= _TOLD_AT_MOST:
        return said
    more = len(said) - _TOLD_AT_MOST + 1
    rest = ntr("… and {count} more in the log.", "… and {count} more in the log.", more)
    return [*said[: _TOLD_AT_MOST - 1], str(rest)]


_TOLD_APART = frozenset({"dummy", "combat"})
_NOTABLE = frozenset({"combat", "flip"})
_TOLD_AT_MOST = 3  # a banner's worth; the log has the rest


def outcome(events: Sequence[Event]) -> list[str]:
    """The sentences that say how each fight ended (its winner, its loser's fate)."""
    return [e.text for e in events if e.kind == "combat"]


# -- the log -----------------------------------------------------------------------------


# A finished phase's text, kept with the events it tells (see log_json).
Told = dict[tuple[int, int], tuple[tuple[Event, ...], str]]


def log_json(
    page: Round, events: list[Event], positions: list[Position], told: Told
) -> payloads.Log:
    """The log grouped by day and phase, as names of texts kept in ``page``:
    ``done``, one text per finished phase; ``now``, one per position of the
    phase under way. A step thus adds a name or two, and a phase's text is
    sent once. Each entry has its rule, its sentence, and the position it
    leads to (history step, moment in it).

    ``told`` keeps the finished phases' texts from one call to the next: a
    phase is written again only when its events are not the very ones kept
    (an undo took it back, a "what if" line played it otherwise). It is left
    holding the phases of this log only."""
    spans: list[tuple[tuple[int, str], int]] = []  # each phase, from the index it starts at
    for index, event in enumerate(events):
        when = (event.day, event.phase)
        if not spans or spans[-1][0] != when:
            spans.append((when, index))
    ends = [start for _, start in spans[1:]]  # of each finished phase
    fresh: Told = {}
    for (when, start), end in zip(spans[:-1], ends, strict=True):
        phase = tuple(events[start:end])
        kept = told.get((start, end))
        if kept is None or any(a is not b for a, b in zip(kept[0], phase, strict=True)):
            kept = (phase, _group(when, _entries(phase, positions[start:end])))
        fresh[(start, end)] = kept
    told.clear()
    told.update(fresh)
    done = [page.text(text) for _, text in fresh.values()]
    now = []
    if spans:
        when, start = spans[-1]
        entries = _entries(events[start:], positions[start:])
        for _, same in groupby(entries, key=lambda entry: (entry["step"], entry["moment"])):
            now.append(page.text(_group(when, list(same))))
    return {"done": done, "now": now}


def _entries(events: Sequence[Event], positions: list[Position]) -> list[payloads.LogEntry]:
    return [
        {"rule": cite(e.rule), "text": e.text, "step": at[0], "moment": at[1]}
        for e, at in zip(events, positions, strict=True)
    ]


def _group(when: tuple[int, str], entries: list[payloads.LogEntry]) -> str:
    day, phase = when
    group: payloads.LogGroup = {"day": day, "phase": phase, "entries": entries}
    return json.dumps(group, ensure_ascii=False, separators=(",", ":"))
