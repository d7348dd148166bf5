"""A bot's choice told to a learner: what to do now, and why, in the game's words.

The board's hint button asks the tree search bot through it.

"Buy a relic for 3 gold: room in the treasury for the gold to come; it
costs 1 VP now." The deed is the step the bot would take, as far as the
player's own decisions carry it (a purchase with its payments, a troop
action, an attack up to its minion); the reasons are the VP now it adds or
costs (whole VP) and the evaluation's terms it changes most, in words
(:data:`~covil_nb.bots.evaluation.SAID`). The tree search bot's hint
adds what its search found, measured apart from the race that chose
(:meth:`~covil_nb.bots.tree_search.IsmctsBot.judge`): "Searched: about 2 VP
better than the next best, move Y1 to zone B."
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from covil_nb.model import Action, Game
from covil_nb.model.arguments import checked
from covil_nb.model.combat import standing
from covil_nb.model.language import Listed, Text, named, ntr, tr
from covil_nb.model.night import dominances
from covil_nb.model.state import READY
from covil_nb.model.vocabulary import DAYS, Verb
from covil_nb.model.words import color_name, short

from .evaluation import SAID, Evaluation, evaluate_all
from .greedy import PlanningBot
from .planning import Plan, signature
from .search import NOISE, Budget
from .tree_search import DEFAULT_ITERATIONS, IsmctsBot, Judged

# The decisions that go on with the player's own step, not answers to
# another's move (a defense, a retreat).
OWN_STEP = frozenset(
    {
        "troop-action",
        "payment",
        "attack-troop",
        "attack-target",
        "attack-minion",
        "move-effect",
        "rest-effect",
    }
)
NOTABLE = 0.5  # VP: a term that changes less says little about the choice
# The fee's change when only the room in the treasury changed: gold spent
# before the night keeps the fee from being lost over the treasury's 5.
FEE_ROOM = (tr("room in the treasury for tonight's protection fee and the gold to come"),) * 2
REASONS = 2  # besides the VP now
LATER = tr("what it gains comes later in the day")
# The hint's fresh worlds against the race's iterations: two plans a world,
# so the measure costs what the race did (at least MIN_SWEEPS worlds).
SWEEPS_PER_ITERATION = 0.5
MIN_SWEEPS = 4


@dataclass(frozen=True)
class Hint:
    """What to play now (``action``, the plan's first) and the sentence that says why."""

    action: Action
    text: str
    plan: Plan | None = None  # the step it tells, for going_on


@checked("bots")
def hint(game: Game, bot: PlanningBot) -> Hint:
    """The plan ``bot`` picks for the seat deciding in ``game`` (that seat's
    view), told in words; with what the search found, for the tree search
    bot, which judges its choice against the next best on fresh worlds
    (:meth:`~covil_nb.bots.tree_search.IsmctsBot.judge`) and tells the
    next best where those find it clearly ahead."""
    judged = _judged(game, bot) if isinstance(bot, IsmctsBot) else Judged(bot.pick(game))
    plan = judged.plan
    deed, why = told(game, plan)
    said = str(tr("{deed}: {why}.", deed=deed, why=why))
    found = searched(game, judged)
    return Hint(plan.actions[0], f"{said} {found}" if found else said, plan)


def _judged(game: Game, bot: IsmctsBot) -> Judged:
    """The bot's choice judged; where the fresh worlds find the runner-up
    clearly ahead (the race's luck chose), the runner-up, measured again on
    other fresh worlds: the gap that made it swap would flatter it."""
    sweeps = _sweeps(game, bot)
    judged = bot.judge(game, sweeps)
    if judged.rival is None:
        return judged
    lead, error = judged.gap  # the runner-up's lead over the choice
    if lead <= NOISE * error:
        return judged
    ahead, behind = bot.compare(game, [judged.rival, judged.plan], sweeps)
    return Judged(judged.rival, judged.plan, ahead, behind)


def _sweeps(game: Game, bot: IsmctsBot) -> int:
    """Fresh worlds for the hint's measure, from the bot's iterations (or
    their default, for a budget in seconds)."""
    iterations = Budget.of(bot.iterations, None, DEFAULT_ITERATIONS, game).left or 0
    return max(MIN_SWEEPS, round(SWEEPS_PER_ITERATION * iterations))


@checked("bots")
def going_on(game: Game, plan: Plan, played: Sequence[str], bot: PlanningBot) -> Hint | None:
    """The rest of ``plan``, a hint told before, when the seat's actions
    since (``played``, in notation) are its first ones and ``game`` (that
    seat's view) is at the decision it foresaw next: told without searching
    again, so that a hint never changes its mind halfway through its own
    step. None when the game went otherwise, or where ``bot``, the hint's,
    would search anew (a lying troop's action, for the tree search)."""
    if bot.searches_anew(game):
        return None
    done = len(played)
    going = 0 < done < len(plan.actions)
    if not going or list(played) != [str(a) for a in plan.actions[:done]]:
        return None
    if signature(game) != plan.expected[done]:
        return None
    rest = Plan(plan.actions[done:], plan.expected[done:], plan.result)
    deed, why = told(game, rest)
    said = tr("{deed}: {why}.", deed=deed, why=why)
    return Hint(rest.actions[0], str(tr("{hint} It goes on with the last hint's step.", hint=said)))


def searched(game: Game, judged: Judged) -> str:
    """What the search found of its choice against the next best, in whole
    VP, and whether the luck of the draw (the hidden cards dealt, the
    playouts' choices) could explain the gap (less than twice the standard
    error of the difference; always, with one world); "" when there was no
    choice to search. The gap is measured on fresh worlds, apart from the
    race that chose (:meth:`~covil_nb.bots.tree_search.IsmctsBot.judge`), as
    the analysis measures it: the worlds that chose would flatter the choice."""
    if judged.rival is None:
        return ""
    behind, error = judged.gap
    gap = -behind
    rival = deed(game, judged.rival)
    than = {"deed": f"{rival[:1].lower()}{rival[1:]}"}
    points = round(gap)
    luck = gap < NOISE * error  # the luck of the draw could explain the gap
    if points < 1 and luck:
        said = tr(
            "Searched: about as good as the next best, {deed} (within the luck of the draw).",
            **than,
        )
    elif points < 1:
        said = tr("Searched: about as good as the next best, {deed}.", **than)
    elif luck:
        said = ntr(
            "Searched: about {count} VP better than the next best, {deed} (within the luck of the "
            "draw).",
            "Searched: about {count} VP better than the next best, {deed} (within the luck of the "
            "draw).",
            points,
            **than,
        )
    else:
        said = ntr(
            "Searched: about {count} VP better than the next best, {deed}.",
            "Searched: about {count} VP better than the next best, {deed}.",
            points,
            **than,
        )
    return str(said)


def told(game: Game, plan: Plan, against: Plan | None = None) -> tuple[str, str]:
    """A plan of the seat deciding in ``game`` in words: its step ("Lie down
    Y1, then gain 1 gold") and why ("1 VP now and more protection fee tonight").

    Against another plan of the same decision (the one played, for the
    analysis's better line), why is what it gains over that plan's outcome,
    never what it costs: the loss said beside it is the cost's measure."""
    me, kind = game.decision.player, game.decision.kind  # type: ignore[union-attr]
    start = game if against is None else against.result
    before, after = evaluate_all(start), evaluate_all(plan.result)
    # Every troop action spends one: that says nothing of why to take this one.
    spent = {"troops"} if plan.actions[0].verb == Verb.LIE else set()
    was, now, said = _values(before[me]), _values(after[me]), dict(SAID)
    if _fee_is_room(start, plan, me, was, now):
        # One reason, room, said once: the fee and the gold to come together.
        for values in (was, now):
            values["fee"] += values.pop("headroom", 0.0)
        said["fee"] = FEE_ROOM
    gains, costs = _reasons(was, now, spent, said)
    gains += _rival_losses(before, after, me)
    if against is not None:
        costs = []
    # A troop action's gain may come later than the evaluation sees, whether
    # told as the troop lies down or once it lies (where the search looks again).
    troop_action = bool(spent) or kind == "troop-action"
    later = _later(game, plan, me) if troop_action and not gains and not costs else None
    if against is not None and not gains and later is None:
        later = LATER  # the playouts to the day's end found what the terms do not
    why, fight = _why(gains, costs, later), _fight(game, plan)
    if fight is not None:  # said first: it is what the answer or the attack is for
        why = tr("{fight}; {why}", fight=fight, why=why) if gains or costs else fight
    return deed(game, plan), str(why)


def _fight(game: Game, plan: Plan) -> Text | None:
    """Where the seat's combat stands once its own actions of the step are
    played, whether it was under way (what a relic or a minion in a fight is
    for) or the step declares it (an attack): who wins, by the outcome if
    they ended it (the last relic may leave nothing to answer), or if no one
    plays more; nothing for a step without a combat of its own (another's
    fight that a step's end lets begin, or an unguarded fortress's attack,
    over at once and told by its VP)."""
    seen = game.combat  # the sides of a fight that ends: its outcome does not name them
    trial, me = game.copy(), game.decider  # with its log: an outcome is an event
    ours = seen is not None
    for action in plan.actions:
        if trial.decider != me:
            break
        ours = ours or action.verb == Verb.ATTACK
        ended = [e.data for e in trial.apply(action) if e.kind == "combat"]
        seen = trial.combat or seen
        if ours and ended and seen is not None:
            at = standing(ended[0]["attack"], ended[0]["defense"], seen.attacker, seen.defender)
            return tr("the combat ends at {at}", at=at)
    fight = trial.combat
    if not ours or fight is None:
        return None
    at = standing(fight.attack.total, fight.defense.total, fight.attacker, fight.defender)
    return tr("if no one plays more, the combat ends at {at}", at=at)


def _why(gains: list[Text], costs: list[Text], later: Text | None) -> Text:
    """The reasons said; with none, a troop action's gain that comes
    ``later`` than the evaluation sees (a move towards a fight, say), and any
    other step is simply the best there is (ending the turn, say)."""
    if not costs and not gains:
        if later is not None:
            return tr("{later}, and no other choice does better", later=later)
        return tr("no other choice does better")
    if not costs:
        return Listed(gains)
    if not gains:  # the cost is no reason: the choice is the best despite it
        return tr("no other choice does better, though it costs {costs}", costs=Listed(costs))
    return tr("{gains}; it costs {costs}", gains=Listed(gains), costs=Listed(costs))


def _later(game: Game, plan: Plan, me: str) -> Text | None:
    """What a troop action of ``me`` gains that no reason says: a rested
    minion's readiness, said as it is (the evaluation's few tenths of a VP
    for a readier minion are below what a reason says, :data:`NOTABLE`); a
    move's place for what comes, which no term names. None for a rest that
    leaves the minion tired on the last day: no day follows the night."""
    rest = next((i for i, a in enumerate(plan.actions[:2]) if a.verb == Verb.REST), None)
    if rest is None:
        return LATER
    trial = game.copy(log=False)
    for action in plan.actions[: rest + 1]:
        trial.apply(action)
    card = plan.actions[rest].args[0]
    rested = trial.read_state().player(me).minion(card)
    assert rested is not None  # resting it left it in the hall
    name = named(game.cards.minion(card).name)
    if rested.state == READY:
        return tr("{minion} is ready again today", minion=name)
    if game.day == DAYS:
        return None
    return tr("{minion} is tired now, so tonight's rest makes it ready for tomorrow", minion=name)


def deed(game: Game, plan: Plan) -> str:
    """The plan's actions that make one step of the player's own, in words:
    the labels' first words, the payments gathered ("paying 2 gold and Grunt")."""
    trial = game.copy(log=False)
    said, paying = [], []
    for i, action in enumerate(plan.actions):
        if i and (plan.expected[i][1] not in OWN_STEP or signature(trial) != plan.expected[i]):
            break  # the rest answers another player's move
        label = trial.explain(action)
        if _named_next(plan, i):
            pass  # "move Y1 to zone E" names the troop "move Y1" chose
        elif action.verb == "pay":
            paying.append(_payment(game, action))
        else:
            said.append(short(label))
        trial.apply(action)
    if not said:  # a payment under way
        return str(tr("Pay {payments}", payments=Listed(paying)))
    deed: Text | str = said[0]
    for step in said[1:]:
        deed = tr("{actions}, then {action}", actions=deed, action=step[:1].lower() + step[1:])
    if paying:
        deed = tr("{deed}, paying {payments}", deed=deed, payments=Listed(paying))
    return str(deed)


def _named_next(plan: Plan, i: int) -> bool:
    """Whether the plan's action ``i`` chooses the troop its next action, a
    move, names again (a Command's or a relic's move)."""
    following = plan.actions[i + 1 : i + 2]
    return plan.actions[i].verb == "troop" and bool(following) and following[0].verb == "move"


def _payment(game: Game, action: Action) -> Text:
    what, item = action.args
    if what == "gold":
        return ntr("{count} gold", "{count} gold", int(item))
    card = game.cards.relic(item) if what == "relic" else game.cards.minion(item)
    return named(card.name)


def _fee_is_room(
    game: Game, plan: Plan, me: str, was: dict[str, float], now: dict[str, float]
) -> bool:
    """Whether the step changes tonight's fee from ``game`` (``was`` and
    ``now``, the terms of ``me``) by the room in the treasury alone: the same night's
    fee still to come, the same terrains dominated. (At the game's end only
    the VP count: the fee is no term of it.)"""
    if "fee" not in was or "fee" not in now or was["fee"] == now["fee"]:
        return False
    if game.read_state().day != plan.result.read_state().day:
        return False  # the night came between: its fee was collected
    return _dominated(game, me) == _dominated(plan.result, me)


def _dominated(game: Game, color: str) -> set[str]:
    """The terrains ``color`` dominates in ``game`` now (rulebook 3.3)."""
    return {d.terrain for d in dominances(game.read_state(), game.board) if d.winner == color}


def _reasons(
    was: dict[str, float],
    now: dict[str, float],
    spent: set[str],
    said: dict[str, tuple[Text, Text]],
) -> tuple[list[Text], list[Text]]:
    """What the step gains and what it costs, from the terms' values before
    and after: the VP now, then the terms it changes most, in the words
    ``said`` gives them (of the terms ``spent``, by any step of its kind,
    only a gain)."""
    gains: list[Text] = []
    costs: list[Text] = []
    vp = round(now["vp_now"] - was["vp_now"])
    if vp:
        (gains if vp > 0 else costs).append(ntr("{count} VP now", "{count} VP now", abs(vp)))
    # At the game's end only the VP count: the other terms are gone.
    changes = sorted(
        (
            (now[name] - was[name], name)
            for name in said
            if name in was and name in now and not (now[name] < was[name] and name in spent)
        ),
        key=lambda change: -abs(change[0]),
    )
    for change, name in changes[:REASONS]:
        if abs(change) >= NOTABLE:
            gain, cost = said[name]
            (gains if change > 0 else costs).append(gain if change > 0 else cost)
    return gains, costs


def _values(evaluation: Evaluation) -> dict[str, float]:
    return {term.name: term.value for term in evaluation.terms}


def _rival_losses(
    before: dict[str, Evaluation], after: dict[str, Evaluation], me: str
) -> list[Text]:
    """The VP now the step takes from the others ("red loses 2 VP now")."""
    said = []
    for color in before:
        lost = round(before[color]["vp_now"] - after[color]["vp_now"])
        if color != me and lost > 0:
            loses = ntr(
                "{color} loses {count} VP now",
                "{color} loses {count} VP now",
                lost,
                color=color_name(color),
            )
            said.append(loses)
    return said
