"""The tree search bot (issue 21): legal choices in random positions, the same
choices for a seed and an iteration budget, whole games, a policy that
accounts for every iteration, sequential halving at the root, a plan kept in
the race, greedy's playout choices looked through once per information set,
the last day played by greedy where asked, and a clear best plan found."""

from __future__ import annotations

import math
import os
import random
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import tutorial_data

from covil_nb import Action, CovilError, Game
from covil_nb.bots import IsmctsBot, make_bot, play, tree_search
from covil_nb.bots.planning import Plan, outcome, rank, rule_of_thumb, signature
from covil_nb.bots.search import Budget, Entry, candidates
from covil_nb.bots.tree_search import (
    Arm,
    Candidate,
    Iteration,
    Node,
    Playout,
    Race,
    information_set,
    widened,
)
from covil_nb.model.playthrough import random_game
from covil_nb.model.scenario import Scenario
from covil_nb.model.vocabulary import DAYS

COLORS = ["yellow", "red", "green", "blue"]
# Small budgets keep the tests fast; they take the same code paths.
SMALL = {"iterations": 6, "limit": 40, "playout_limit": 20}


def small(seed: int, **options: int) -> IsmctsBot:
    return IsmctsBot(seed, **{**SMALL, **options})


def position(players: int, seed: int, steps: int = 80) -> Game:
    """A position some way into a randomly played game."""
    return random_game(Game.new(COLORS[:players], board="A", seed=seed), seed, steps)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_only_legal_actions_in_random_positions(players: int, seed: int) -> None:
    game, bot, worlds = position(players, seed), small(seed), random.Random(seed)
    assert not game.is_over  # the position has decisions to check
    for _ in range(12):
        if game.is_over:
            break
        view = game.for_seat(game.decision.player, worlds.getrandbits(63))
        action = bot.choose(view)
        assert action in view.legal_actions() and action in game.legal_actions()
        game.apply(action)


def choices(seed: int, game: Game, decisions: int) -> list[str]:
    bot, game, worlds = small(seed, iterations=10, depth=2), game.copy(), random.Random(0)
    chosen = []
    for _ in range(decisions):
        action = bot.choose(game.for_seat(game.decision.player, worlds.getrandbits(63)))
        chosen.append(str(action))
        game.apply(action)
    return chosen


@pytest.mark.engines
def test_same_seed_and_iterations_same_choices_in_another_process() -> None:
    """Nothing hangs on the hash seed or the process: another one, with
    another hash seed, chooses the same."""
    tests = Path(__file__).resolve().parent
    code = "from test_ismcts import choices, position; print(choices(3, position(3, 5), 8))"
    path = os.pathsep.join([str(tests), str(tests.parent)])
    env = {**os.environ, "PYTHONHASHSEED": "123", "PYTHONPATH": path}
    other = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert other.stdout.strip() == str(choices(3, position(3, 5), 8))


@pytest.mark.parametrize("players", [2, 3])
def test_plays_whole_games(players: int) -> None:
    colors = COLORS[:players]
    bots = {c: small(i, iterations=3) for i, c in enumerate(colors)}
    game = play(Game.new(colors, board="A", seed=players), bots, seed=players)
    assert game.is_over


def many_plans() -> Game:
    """A seat's view of a decision with many plans to race."""
    game = position(2, 7)
    while len(game.legal_actions()) < 3:
        game.apply(game.legal_actions()[0])
    return game.for_seat(game.decision.player, 1)


def test_the_policy_accounts_for_every_iteration() -> None:
    bot = small(1, iterations=30)
    policy = bot.policy(many_plans())
    raced = [c for c in policy if c.visits]
    assert len(raced) > 2
    # Whole sweeps of the plans racing last, within the budget.
    assert 30 - len(raced) < sum(c.visits for c in policy) <= 30
    assert [c.visits for c in policy] == sorted((c.visits for c in policy), reverse=True)
    # The error of a mean: none known from fewer than two worlds.
    assert all(math.isinf(c.error) == (c.visits < 2) for c in policy)


def test_sequential_halving_keeps_the_better_half_each_round() -> None:
    policy = small(2, iterations=60).policy(many_plans())
    raced = [c for c in policy if c.visits]
    rounds = policy[0].reached
    assert rounds == math.ceil(math.log2(len(raced))) and len(raced) > 2
    assert [c.reached for c in policy].count(rounds) == 1  # one plan left: the chosen
    for round_ in range(rounds):
        went_on = [c for c in raced if c.reached > round_]
        stayed = [c for c in raced if c.reached == round_]
        racing = len(went_on) + len(stayed)
        assert len(went_on) == math.ceil(racing / 2)
        # Better by the mean of the sweeps all of them raced in (the same worlds).
        sweeps = min(c.visits for c in went_on + stayed)
        worst_on = min(statistics.fmean(c.values[:sweeps]) for c in went_on)
        assert all(statistics.fmean(c.values[:sweeps]) <= worst_on for c in stayed)


def test_a_kept_plan_races_to_the_end() -> None:
    view = many_plans()
    last = rank(view, 40)[-1][1]  # the evaluation's worst: it would leave the race first
    bot = small(3, iterations=40)
    policy = bot.policy(view, keep=last)
    kept = [c for c in policy if c.kept]
    assert len(kept) == 1 and kept[0].visits == max(c.visits for c in policy)
    assert kept[0].reached == policy[0].reached


def test_with_a_kept_plan_the_others_are_halved_down_to_one() -> None:
    """The kept plan is never dropped, and the halving goes on without it:
    every round cuts the other plans by half, and the last sets the one
    left against the kept plan."""
    view = many_plans()
    last = rank(view, 40)[-1][1]
    policy = small(3, iterations=60).policy(view, keep=last)
    raced = [c for c in policy if c.visits]
    others = [c for c in raced if not c.kept]
    rounds = max(c.reached for c in raced)
    assert len(others) > 2 and rounds == math.ceil(math.log2(len(others))) + 1
    assert sorted(c.kept for c in raced if c.reached == rounds) == [False, True]
    for round_ in range(rounds - 1):
        went_on = [c for c in others if c.reached > round_]
        assert len(went_on) == math.ceil(len([c for c in others if c.reached >= round_]) / 2)


def test_a_kept_plan_is_chosen_on_a_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every plan worth the same in every world: the player's own choice
    stands (the analysis then finds nothing better than what was played)."""
    monkeypatch.setattr(tree_search.Iteration, "run", lambda self, world, plan: 0.0)
    view = many_plans()
    last = rank(view, 40)[-1][1]
    policy = small(3, iterations=40).policy(view, keep=last)
    assert policy[0].kept and outcome(policy[0].plan.result) == outcome(last.result)
    assert [c.reached for c in policy].count(policy[0].reached) == 2  # it, and the best other


def test_a_kept_plan_with_the_outcome_of_a_plan_given_is_that_plan() -> None:
    """Two troops alike in one zone: either one moving leads to the same
    position, so there is nothing to race (the analysis then says nothing)."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H").troops("yellow", "J", standing=2)
    game = s.troops("red", "H", standing=1).afternoon(turn="yellow").build()
    plans = {str(plan): plan for _, plan in rank(game, 40)}
    policy = small(8).policy(game, keep=plans["lie Y2, move L"], among=[plans["lie Y1, move L"]])
    assert len(policy) == 1 and policy[0].kept and not policy[0].values


def test_the_plans_given_race_all_of_them() -> None:
    view = many_plans()
    given = [plan for _, plan in rank(view, 40)[:3]]
    policy = small(4, iterations=12).policy(view, among=given)
    assert {str(c.plan) for c in policy} == {str(p) for p in given}
    assert all(c.visits for c in policy)


def test_a_seconds_budget_races_every_plan_a_sweep_each_round_at_least() -> None:
    bot = IsmctsBot(5, seconds=0.001, limit=40, playout_limit=20)
    policy = bot.policy(many_plans())
    rounds = math.ceil(math.log2(len(policy)))
    assert policy[0].reached == rounds and all(c.visits >= max(c.reached, 1) for c in policy)


def test_no_iterations_race_nothing_greedy_s_order_stands() -> None:
    view = many_plans()
    policy = small(6, iterations=0).policy(view)
    assert [str(c.plan) for c in policy] == [str(p) for p in candidates(view, 12, 40)]
    assert all(not c.values and c.reached == 0 for c in policy)


def test_plans_to_race_are_checked_against_the_position() -> None:
    view, bot = many_plans(), small(7)
    with pytest.raises(CovilError, match="at least one plan"):
        bot.policy(view, among=[])
    elsewhere = rank(position(2, 8).for_seat("yellow", 0), 40)[0][1]
    assert elsewhere.actions[0] not in view.legal_actions()
    with pytest.raises(CovilError, match="made for another decision"):
        bot.policy(view, keep=elsewhere)
    # Its first action legal here, but foreseen at another decision:
    mine = candidates(view, 12, 40)[0]
    foreign = Plan(mine.actions, (signature(elsewhere.result), *mine.expected[1:]), mine.result)
    with pytest.raises(CovilError, match="made for another decision"):
        bot.policy(view, among=[mine, foreign])
    with pytest.raises(CovilError, match="the game is over"):
        bot.policy(random_game(Game.new(["yellow", "red"], board="A", seed=1), 1))


def test_greedy_playout_choices_are_looked_through_once_per_information_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    keys: list[tuple] = []
    looked = tree_search.rank

    def counted(world: Game, limit: int) -> list:
        keys.append(information_set(world, world.decider))
        return looked(world, limit)

    monkeypatch.setattr(tree_search, "rank", counted)
    small(6, iterations=40).policy(many_plans())
    assert keys and len(keys) == len(set(keys))


def test_the_unguarded_fortress_is_attacked() -> None:
    day_three = tutorial_data.load("positions").day_three
    policy = IsmctsBot(2, iterations=40).policy(day_three().for_seat("yellow", 3))
    assert str(policy[0].plan).startswith("attack fortress-red")
    assert policy[0].mean > policy[1].mean + policy[0].error + policy[1].error


def test_troop_action_searches_what_a_lying_troop_does() -> None:
    """By default what a troop that lies down does is searched again; with
    ``troop_action=False`` it is what the plan that chose to lie it down said."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H").troops("yellow", "J", standing=1)
    game = s.troops("red", "H", standing=1).afternoon(turn="yellow").build()
    chosen = next(p for _, p in rank(game.for_seat("yellow", 0), 40) if str(p).startswith("lie Y1"))
    game.apply("lie Y1")
    assert game.decision.kind == "troop-action" and len(game.legal_actions()) > 2
    for option, searched in [(False, False), (True, True)]:
        bot = small(4, troop_action=option)
        bot.following.start(chosen)  # as if the bot had chosen to lie Y1 down
        bot.choose(game.for_seat("yellow", 0))
        assert (bot.searched > 0) is searched


def raced(bot: IsmctsBot, view: Game) -> Race:
    """A race of ``bot``'s budget over the view's candidates, run."""
    race = Race(bot, view, None, Budget.of(bot.iterations, None, {}, view))
    race.run([Entry(plan, i) for i, plan in enumerate(candidates(view, bot.width, bot.limit))])
    return race


def test_a_node_opens_children_as_its_visits_grow_each_tried_first_then_by_ucb() -> None:
    assert [widened(visits) for visits in (0, 1, 4, 16, 100, 400)] == [2, 2, 3, 4, 7, 12]
    node, offered = Node(), ["a", "b", "c", "d"]

    def visit(value: float) -> str:
        key = node.select(offered, 1.0)
        node.visits += 1
        node.arms[key].add(value)
        return key

    assert [visit(1.0), visit(0.0)] == ["a", "b"]  # untried first, in the prior's order
    assert [visit(1.0), visit(1.0)] == ["a", "a"]  # the better mean, both tried as often
    assert visit(0.0) == "c"  # the fourth visit opened a third child
    assert {k: a.available for k, a in node.arms.items()} == {"a": 5, "b": 5, "c": 1}
    # UCB's exploration counts the visits a child was offered, not the node's:
    # "c", offered once of 5 and tried once, is not favoured for the other 4
    # (counted on the node's visits, its bonus would put it ahead of "a").
    node = Node(5, {"a": Arm(3, 3.0, 5), "c": Arm(1, 0.7, 1)})
    assert node.select(["a", "c"], 1.0) == "a"


def test_a_huge_whole_budget_is_only_large() -> None:
    assert IsmctsBot(1, iterations=10**400).iterations == 10**400


def test_the_tree_searches_the_seats_later_choices_never_a_forced_one() -> None:
    """Nodes below the root, each with more than one child open: a decision
    with one legal action is no node (it would spend the depth)."""
    race = raced(small(5, iterations=40, depth=2), many_plans())
    assert race.tree and all(len(node.arms) > 1 for node in race.tree.values())
    assert any(sum(arm.visits > 0 for arm in n.arms.values()) > 1 for n in race.tree.values())


def test_a_child_the_tree_chose_gets_the_greedy_steps_the_playouts_own_would() -> None:
    view = many_plans()
    me = view.decider
    playout = Playout(1, 20, random.Random(0), {})
    playout.choose(view)  # greedy's step, counted
    playout.forget(me)  # the tree chose another action: the step is given back
    assert playout.planned[me] == 0 and not playout.following[me].steps
    playout.choose(view)
    assert playout.planned[me] == 1
    playout.choose(view)  # greedy's one step spent: the rule of thumb's choice
    playout.forget(me)
    assert playout.planned[me] == 1


def test_the_bot_is_registered_with_its_options() -> None:
    bot = make_bot("ismcts:iterations=10,depth=2,explore=1.5", 4)
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.depth, bot.explore) == (10, 2, 1.5)


def test_the_tree_is_keyed_by_what_the_seat_sees() -> None:
    """Worlds dealt anew differ in red's hand, never in yellow's key for them."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H").troops("yellow", "J", standing=2)
    s.troops("red", "H", standing=2).hand("red", ["kraken-ink", "fairy-gold"])
    game = s.afternoon(turn="yellow").build()
    worlds = [game.for_seat("yellow", seed) for seed in range(6)]
    assert len({tuple(sorted(w.player("red").hand)) for w in worlds}) > 1
    assert len({information_set(w, "yellow") for w in worlds}) == 1


def test_the_tree_offers_greedy_s_choices_in_its_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Below the root, a node's children open in greedy's order after the
    playout's own choice (its best), not in the order the engine lists them."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H").troops("yellow", "B", standing=2)
    world = s.troops("red", "F", standing=1).afternoon("yellow").build()
    iteration = Iteration(
        Race(small(1), world, None, Budget.of(6, None, {}, world)), random.Random(0)
    )
    offered: list[str] = []
    monkeypatch.setattr(Node, "select", lambda node, keys, explore: offered.extend(keys) or keys[0])
    iteration.descend(world, iteration.playout.choose(world))
    ranked = [str(plan.actions[0]) for _, plan in rank(world, SMALL["playout_limit"])]
    listed = [str(action) for action in world.legal_actions()]
    assert offered == list(dict.fromkeys(ranked + listed))
    # Where the engine's order is not greedy's: the playout's choice, then the engine's.
    assert offered != list(dict.fromkeys([offered[0], *listed]))


def attacked_red() -> tuple[Game, list[Plan]]:
    """Yellow's Y1 has lain down beside R1 in E, red holds relics yellow
    cannot see; yellow's plans, its attack on R1 among them."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H").hand("red", ["greenwood-mask"]).gold("yellow", 0)
    s.overlord("yellow", "iron-marshal", "exhausted").hall("yellow", ["forest-stalker"])
    s.troops("yellow", "E", standing=1)
    game = s.troops("red", "E", standing=1).afternoon(turn="yellow").build()
    game.apply("lie Y1")
    view = game.for_seat("yellow", 0)
    return view, [plan for _, plan in rank(view, 200)]


def test_the_others_answer_the_root_plan_as_anywhere_in_the_playout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Red, attacked by the root's plan, answers by greedy's plans, free
    actions included (a relic, buying one), which the rule of thumb never
    takes: the attack is weighed against the defence greedy would put up."""
    view, plans = attacked_red()
    attack = next(plan for plan in plans if str(plan).startswith("attack R1"))
    free: list[bool] = []
    replayed = tree_search.replay

    def spied(world: Game, me: str, plan: Plan, answer: Callable[[Game], Action]) -> bool:
        def answered(world: Game) -> Action:
            action = answer(world)
            free.append(action not in world.legal_actions(free=False))
            return action

        return replayed(world, me, plan, answered)

    monkeypatch.setattr(tree_search, "replay", spied)
    small(1, iterations=4).policy(view, among=[attack, plans[0]])
    assert any(free)


def leading(leader: str) -> Game:
    """Red's R1 has lain down in G, beside yellow's fortress in J and
    green's in K, both at 2 HP and unguarded; ``leader`` has the larger hall."""
    s = Scenario(["yellow", "red", "green"], board="A", seed=5)
    s.fortress("yellow", "J", hp=2).fortress("red", "H").fortress("green", "K", hp=2).day(3)
    for color in ("yellow", "red", "green"):
        s.gold(color, 2).hand(color, [])
    s.troops("yellow", "L", standing=1).troops("green", "M", standing=1)
    s.troops("red", "G", standing=2).troops("red", "H", standing=1)
    minions = ["private", "squire", "grunt"]
    s.hall(leader, [f"{leader}-{m}" for m in minions] + ["forest-stalker", "iron-bastion"])
    game = s.afternoon("red").build()
    game.apply("lie R1")
    return game


@pytest.mark.parametrize("leader", ["yellow", "green"])
def test_the_search_hurts_the_leader_whoever_it_is(leader: str) -> None:
    """Red, not the first seat, scores every world by its own margin over
    its best rival: it attacks the leader's fortress, the first seat or not."""
    policy = IsmctsBot(2, iterations=40).policy(leading(leader).for_seat("red", 3))
    assert str(policy[0].plan).startswith(f"attack fortress-{leader}")


def test_the_plans_of_a_sweep_share_its_world_and_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plans are compared on equal luck: every plan of a sweep is played in
    the same world with the same dice, and each sweep deals anew."""
    played: list[tuple[str, tuple]] = []
    run = Iteration.run

    def spied(iteration: Iteration, world: Game, plan: Plan) -> float:
        played.append((str(plan), (outcome(world), iteration.playout.dice.getstate())))
        return run(iteration, world, plan)

    monkeypatch.setattr(Iteration, "run", spied)
    small(2, iterations=30).policy(many_plans())
    sweeps: list[list[tuple[str, tuple]]] = [[]]
    for plan, luck in played:
        if any(plan == other for other, _ in sweeps[-1]):  # a plan again: the next sweep
            sweeps.append([])
        sweeps[-1].append((plan, luck))
    assert len(sweeps) > 3
    assert all(len({luck for _, luck in sweep}) == 1 for sweep in sweeps)
    assert len({sweep[0][1] for sweep in sweeps}) == len(sweeps)


def test_compare_plays_the_plans_in_the_same_worlds_none_of_the_race_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A measure apart from the choice: every plan compared plays the same
    worlds with the same dice (the same plan twice, with no tree below the
    root to learn in between, scores the same), and none of them is a world
    the race before chose in."""
    played: list[tuple] = []
    run = Iteration.run

    def spied(iteration: Iteration, world: Game, plan: Plan) -> float:
        played.append((outcome(world), iteration.playout.dice.getstate()))
        return run(iteration, world, plan)

    monkeypatch.setattr(Iteration, "run", spied)
    view, bot = many_plans(), small(3, iterations=12, depth=0)
    policy = bot.policy(view)
    raced = set(played)
    played.clear()
    best, other = policy[0].plan, policy[1].plan
    values = bot.compare(view, [best, best, other], 5)
    assert [len(v) for v in values] == [5, 5, 5] and values[0] == values[1]
    assert raced.isdisjoint(played) and len(set(played)) == 5
    with pytest.raises(CovilError, match="sweeps must be 1 or more"):
        bot.compare(view, [best], 0)


@pytest.mark.parametrize("horizon", [1, 2])
def test_a_playout_plays_as_many_days_as_its_horizon(
    monkeypatch: pytest.MonkeyPatch, horizon: int
) -> None:
    """A playout stops at the end of the day (the default) or of as many
    days as ``horizon`` gives, the night included, or where the game ends."""
    days: list[tuple[int, int, bool]] = []
    play_day = Iteration.play_day

    def spied(iteration: Iteration, world: Game, day: int) -> None:
        play_day(iteration, world, day)
        days.append((day, world.day, world.is_over))

    monkeypatch.setattr(Iteration, "play_day", spied)
    small(4, iterations=6, horizon=horizon).policy(many_plans())
    assert days and all(over or end == start + horizon for start, end, over in days)
    with pytest.raises(CovilError, match="horizon must be 1 or more"):
        IsmctsBot(0, horizon=0)


def test_judge_sets_the_choice_against_the_best_other_plan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The race's winner against the runner-up; a kept plan against the best
    other, whether it won or not; a lone plan against no one."""
    view = many_plans()
    plans = [plan for _, plan in rank(view, 40)[:3]]
    compared: list[list[str]] = []

    def raced(order: list[int], kept: int | None) -> Callable[..., list[Candidate]]:
        return lambda bot, game, keep=None, among=None: [
            Candidate(plans[i], (1.0,), 1, i == kept) for i in order
        ]

    def measured(bot: IsmctsBot, game: Game, chosen: list[Plan], sweeps: int) -> list[tuple]:
        compared.append([str(p) for p in chosen])
        return [(0.0,) * sweeps, (1.0,) * sweeps]

    monkeypatch.setattr(IsmctsBot, "compare", measured)
    names = [str(p) for p in plans]
    for order, kept, pair in [
        ([0, 1, 2], None, [names[0], names[1]]),  # the winner, the runner-up
        ([0, 1, 2], 0, [names[0], names[1]]),  # the kept plan won: the runner-up
        ([1, 2, 0], 0, [names[0], names[1]]),  # the kept plan lost: the winner
    ]:
        monkeypatch.setattr(IsmctsBot, "policy", raced(order, kept))
        judged = small(1).judge(view, 3, keep=plans[kept] if kept is not None else None)
        assert compared[-1] == pair and judged.gap == (1.0, 0.0)
    monkeypatch.setattr(IsmctsBot, "policy", raced([2], None))
    alone = small(1).judge(view, 3)
    assert alone.rival is None and alone.plan is plans[2] and len(compared) == 3


def differing_choice(day: int) -> Game:
    """A seat's view of a decision on ``day`` where greedy's best plan and
    the rule of thumb begin otherwise (of a game played by the rule of thumb)."""
    game, dice = Game.new(COLORS[:2], board="A", seed=3), random.Random(3)
    while not game.is_over:
        view = game.for_seat(game.decision.player, 1)
        if game.day == day and len(view.legal_actions()) > 1:
            greedy = rank(view, 20)[0][1].actions[0]
            if greedy != rule_of_thumb(view, random.Random(0)):
                return view
        game.apply(rule_of_thumb(game, dice))
    raise AssertionError(f"no such decision on day {day}")


@pytest.mark.parametrize(("day", "last_day"), [(DAYS, True), (DAYS, False), (DAYS - 1, True)])
def test_with_last_day_a_playout_plays_the_last_day_by_greedy(day: int, last_day: bool) -> None:
    """With ``last_day``, a playout's choices of the last day are greedy's
    plans, beyond the ``greedy`` first ones; on other days, and without
    it, the rule of thumb's."""
    view = differing_choice(day)
    playout = Playout(0, 20, random.Random(0), {}, last_day)
    greedy = rank(view, 20)[0][1].actions[0]
    by_greedy = last_day and day == DAYS
    assert playout.choose(view) == (greedy if by_greedy else rule_of_thumb(view, random.Random(0)))
    assert playout.picked is None  # no greedy step counted, none to give back
