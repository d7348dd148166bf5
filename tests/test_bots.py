"""The bots: legal actions over whole games, determinism, no peeking at the
real game's hidden cards, an evaluation whose terms make sense, and searches
that hand the garbage collector back as they found it."""

from __future__ import annotations

import gc
import os
import random
import re
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
import tutorial_data
from IPython.lib.pretty import pretty

from covil_nb import Action, CovilError, Game
from covil_nb.bots import (
    BOTS,
    GreedyBot,
    IsmctsBot,
    MctsBot,
    decide,
    evaluate,
    flat_search,
    make_bot,
    margin,
    search,
    tree_search,
)
from covil_nb.bots.evaluation import Term, _total, summed
from covil_nb.bots.hint import hint
from covil_nb.bots.hint import told as told_of
from covil_nb.bots.planning import Plan, follow, plans, rank, signature
from covil_nb.bots.search import Entry, collector_for_search
from covil_nb.model.playthrough import random_game
from covil_nb.model.scenario import Scenario

COLORS = ["yellow", "red", "green", "blue"]
TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"

POSITIONS = tutorial_data.load("positions")
before_the_attack, relic_defense = POSITIONS.before_the_attack, POSITIONS.relic_defense
# Small budgets keep whole games fast; they take the same code paths.
SMALL = {"greedy": {"limit": 40}, "mcts": {"playouts": 6, "width": 2, "limit": 40}}


def play_checked(game: Game, bots: dict[str, object], seed: int) -> Game:
    """Play to the end, each bot shown only its seat's view; every choice
    must be legal in the view and in the real game."""
    worlds = random.Random(seed)
    while not game.is_over:
        color = game.decision.player
        view = game.for_seat(color, worlds.getrandbits(63))
        action = bots[color].choose(view)
        assert action in view.legal_actions(), f"{bots[color].name} chose illegal {action}"
        assert action in game.legal_actions()
        game.apply(action)
    return game


@pytest.mark.parametrize(
    ("specs", "seed"),
    [
        (("greedy", "mcts"), 1),
        (("mcts", "greedy"), 2),
        (("mcts", "greedy", "random"), 3),
        (("random", "greedy", "mcts", "random"), 4),
    ],
)
def test_bots_play_whole_games_with_legal_actions(specs: tuple[str, ...], seed: int) -> None:
    colors = COLORS[: len(specs)]
    bots = {
        c: BOTS[spec](seed=seed, **SMALL.get(spec, {}))
        for c, spec in zip(colors, specs, strict=True)
    }
    game = play_checked(Game.new(colors, board="A", seed=seed), bots, seed)
    assert game.is_over and game.day == 4


def test_the_bots_are_registered() -> None:
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    bot = make_bot("mcts:playouts=10,width=3", 2)
    assert isinstance(bot, MctsBot) and bot.playouts == 10 and bot.width == 3
    assert {"random", "greedy", "mcts"} <= set(BOTS)
    assert make_bot("ismcts:troop_action=false,explore=0.5").troop_action is False


@pytest.mark.parametrize(
    ("spec", "refusal"),
    [
        ("ismcts:iterations=-1", "iterations must be 0 or more, not -1"),
        ("ismcts:seconds=0", "seconds must be more than 0, not 0"),
        ("ismcts:seconds=inf", "seconds must be a finite number, not inf"),  # would search for ever
        ("ismcts:width=0", "width must be 1 or more, not 0"),
        ("ismcts:depth=-1", "depth must be 0 or more, not -1"),
        ("ismcts:greedy=-2", "greedy must be 0 or more, not -2"),
        ("ismcts:playout_limit=0", "playout_limit must be 1 or more, not 0"),
        ("ismcts:explore=nan", "explore must be a finite number, not nan"),
        ("ismcts:seconds=1e400", "seconds must be a finite number, not inf"),
        ("ismcts:limit=0", "limit must be 1 or more, not 0"),
        ("mcts:playouts=-1", "playouts must be 0 or more, not -1"),
        ("mcts:width=0", "width must be 1 or more, not 0"),
        ("mcts:seconds=-1", "seconds must be more than 0, not -1"),
        ("greedy:limit=0", "limit must be 1 or more, not 0"),
        ("ismcts:troop_action=x", "troop_action must be True or False, not 'x'"),
        ("ismcts:troop_action=1", "troop_action must be True or False, not 1"),
        ("ismcts:seed=3", "the seed is not an option: each game seeds its bots"),
        ("ismcts:iterations=10,iterations=20", "the option 'iterations' is given twice"),
        ("greedy:deep=1", "unknown option 'deep': choose among limit"),
        ("random:deep=1", "unknown option 'deep': this bot takes none"),
        ("mcts:playouts", "option 'playouts' must be written key=value"),
    ],
)
def test_a_bad_bot_option_is_refused_once_with_the_spec(spec: str, refusal: str) -> None:
    with pytest.raises(CovilError, match=re.escape(refusal)) as refused:
        make_bot(spec)
    said = str(refused.value)
    assert said.startswith(f"bot {spec!r}: ") and said.count("[bots]") == 1, said


# -- determinism ------------------------------------------------------------------------


def midgame(seed: int = 5, players: int = 2, steps: int = 60) -> Game:
    """A position some way into a randomly played game."""
    return random_game(Game.new(COLORS[:players], board="A", seed=seed), seed, steps)


def choices(bot_factory, game: Game, decisions: int) -> list[str]:
    """The actions a fresh bot chooses for ``decisions`` decisions in a row."""
    bot, game = bot_factory(), game.copy()
    worlds = random.Random(0)
    chosen = []
    for _ in range(decisions):
        color = game.decision.player
        action = bot.choose(game.for_seat(color, worlds.getrandbits(63)))
        chosen.append(str(action))
        game.apply(action)
    return chosen


@pytest.mark.parametrize(
    "factory",
    [lambda: GreedyBot(3), lambda: MctsBot(3, playouts=12, width=3)],
    ids=["greedy", "mcts"],
)
@pytest.mark.engines
def test_same_seed_and_budget_same_choices(factory) -> None:
    game = midgame()
    assert choices(factory, game, 12) == choices(factory, game, 12)


def test_a_single_legal_action_is_played_without_search() -> None:
    game, chooser = midgame(), random.Random(1)
    while len(game.legal_actions()) != 1:
        game.apply(chooser.choice(game.legal_actions()))
    bot = MctsBot(1, playouts=50)
    assert bot.choose(game.for_seat(game.decision.player, 1)) == game.legal_actions()[0]
    assert bot.searched == 0


def test_a_plan_is_followed_through_its_forced_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Y1 attacks R1 with the one minion that can (a forced exhaust), red may
    defend, then yellow may raise the stakes: a plan that foresaw all of it
    plays it to the end, with no second pick in the middle of its step."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H").hand("red", []).gold("yellow", 0)
    s.overlord("yellow", "iron-marshal", "exhausted").hall("yellow", ["forest-stalker"])
    s.hand("yellow", ["greenwood-mask"]).troops("yellow", "E", standing=1)
    game = s.troops("red", "E", standing=1).afternoon(turn="yellow").build()
    game.apply("lie Y1")
    attack = next(a for a in game.legal_actions() if str(a) == "attack R1")
    forced = game.for_seat("yellow", 0)
    forced.apply(attack)
    (exhaust,) = forced.legal_actions()
    stakes = forced.copy()
    stakes.apply(exhaust)
    stakes.apply("pass")  # red does not defend
    assert stakes.decision_kind == "raise-stakes" and len(stakes.legal_actions()) == 2
    keep = next(a for a in stakes.legal_actions() if str(a) == "pass")
    plan = Plan(
        (attack, exhaust, keep), (signature(game), signature(forced), signature(stakes)), stakes
    )
    bot = GreedyBot(0)
    monkeypatch.setattr(
        bot, "pick", lambda game: pytest.fail(f"picked again at {game.decision_kind}")
    )
    bot.following.start(plan)
    assert [bot.choose(forced), bot.choose(stakes)] == [exhaust, keep]


# -- no peeking -----------------------------------------------------------------------------


def at_reds_door(red_hand: list[str], red_hp: int = 5) -> Game:
    """Yellow's afternoon turn: Y1 stands in red's unguarded fortress zone H,
    two more yellow troops stand at home in J; yellow has 2 gold (too little
    to buy a relic, so no choice draws a hidden card)."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H", hp=red_hp)
    s.overlord("yellow", "iron-marshal", "ready").overlord("red", "gilded-lich")
    s.troops("yellow", "H", standing=1).troops("yellow", "J", standing=2)
    s.troops("red", "C", standing=2)
    s.hand("yellow", ["drowned-crown"]).hand("red", red_hand)
    s.gold("yellow", 2).gold("red", 3)
    return s.afternoon(turn="yellow").build()


HANDS = (["kraken-ink", "fairy-gold"], ["heart-of-the-mountain", "elder-acorn"])


def test_the_bot_is_shown_a_view_never_the_real_game() -> None:
    game = at_reds_door(HANDS[0])
    seen: list[Game] = []

    class Spy:
        name = "spy"

        def choose(self, view: Game) -> Action:
            seen.append(view)
            return view.legal_actions()[0]

    before = game.state
    hands = set()
    for seed in range(8):
        decide(Spy(), game, seed)
        assert seen[-1] is not game
        hands.add(tuple(sorted(seen[-1].player("red").hand)))
    assert game.state == before
    assert len(hands) > 1, "the views deal red's hidden hand anew"


def test_what_a_bot_is_shown_does_not_depend_on_the_real_hidden_cards() -> None:
    """Two games alike but for red's hand: yellow's views of them are the same
    position, world by world, so no bot's choice can depend on red's real hand
    (every bot sees the game through ``decide``'s view, above)."""
    games = [at_reds_door(hand) for hand in HANDS]
    assert games[0].state != games[1].state
    for seed in range(6):
        views = [game.for_seat("yellow", seed) for game in games]
        assert views[0].read_state() == views[1].read_state()


@pytest.mark.parametrize(
    "factory",
    [
        lambda: GreedyBot(1),
        lambda: MctsBot(1, playouts=40, width=4),
        lambda: IsmctsBot(1, iterations=40),
    ],
    ids=["greedy", "mcts", "ismcts"],
)
def test_the_bots_take_an_unguarded_fortress_at_2_hp(factory) -> None:
    game, bot, seed = at_reds_door(HANDS[0], red_hp=2), factory(), 0
    while game.decision.player == "yellow":
        game.apply(bot.choose(game.for_seat("yellow", seed)))
        seed += 1
    assert game.player("red").hp == 0


def test_a_hint_tells_the_greedy_step_and_its_reasons_in_words() -> None:
    game = at_reds_door(HANDS[0], red_hp=2)
    game.apply("lie Y1")
    told = hint(game.for_seat("yellow", 0), GreedyBot(0))
    assert told.action == Action.parse("attack fortress-red")
    assert told.text.startswith("Melee attack on red's unguarded fortress in zone H, then exhaust ")
    assert "red loses 5 VP now" in told.text
    # The unguarded fortress takes the attack at once: told by its VP, not as a fight.
    assert "combat ends" not in told.text


def test_a_troop_actions_hint_never_gives_the_troop_action_as_its_cost() -> None:
    """Every troop action spends one, so that is no reason to take this one:
    a move whose gain the evaluation cannot see yet says its gain comes later."""
    game = Game.new(["yellow", "red"], board="A", seed=0)
    bots = {color: GreedyBot(0) for color in game.players}
    for _ in range(23):  # greedy against greedy, to yellow's second move on day 1
        game.apply(bots[game.decider].choose(game))
    view = game.for_seat("yellow", 0)
    told = hint(view, GreedyBot(0))
    assert told.text.startswith("Lie down Y2, then move Y2 to zone M: what it gains comes later")
    assert told.plan is not None
    troops = [evaluate(g, "yellow")["troops"] for g in (view, told.plan.result)]
    assert troops[0] > troops[1]  # the troop action spent, not said
    # At the troop's action itself (where the tree search asks again): said the same way.
    game.apply("lie Y2")
    told = hint(game.for_seat("yellow", 0), GreedyBot(0))
    assert told.text.startswith("Move Y2 to zone M: what it gains comes later")


def test_the_better_lines_reason_is_what_it_gains_over_the_one_played() -> None:
    """The analysis says why a plan beats the one played by what it gains
    over that plan's outcome, never by a cost (the loss said beside it is
    the cost's measure): ending the turn keeps the troops a relic's gold
    would not, and the relic gives room in the treasury that ending does not."""
    s = Scenario(["yellow", "red"], board="A", seed=11).fortress("yellow", "J")
    s.fortress("red", "H").gold("yellow", 5).hall("yellow", []).hand("yellow", [])
    view = s.afternoon(turn="yellow").build().for_seat("yellow", 0)
    found = plans(view)
    for better in found:
        for played in found:
            assert "costs" not in told_of(view, better, against=played)[1]
    (end,) = [p for p in found if str(p.actions[0]) == "end"]
    (relic,) = [p for p in found if str(p.actions[0]) == "buy-relic"]
    assert told_of(view, end, against=relic)[1] == "troops on the board"
    assert told_of(view, relic, against=end)[1] == "room in the treasury for the gold to come"


@pytest.mark.parametrize(
    ("token", "day", "said"),
    [
        (
            "exhausted",
            1,
            "The Iron Marshal is tired now, so tonight's rest makes it ready for tomorrow, ",
        ),
        ("tired", 1, "The Iron Marshal is ready again today, "),
        ("tired", 4, "The Iron Marshal is ready again today, "),
        ("exhausted", 4, ""),  # no day follows the 4th night: nothing to say of it
    ],
)
def test_resting_a_minion_is_told_by_what_the_rest_readies(token: str, day: int, said: str) -> None:
    """A readier minion is worth too little to the evaluation to be a
    reason: a rest's gain is said as what it readies, and when."""
    s = Scenario(["yellow", "red"], board="A", seed=11).day(day)
    s.fortress("yellow", "J").fortress("red", "H").troops("yellow", "J", standing=1)
    s.overlord("yellow", "iron-marshal", token).hall("yellow", []).hand("yellow", [])
    view = s.afternoon(turn="yellow").build().for_seat("yellow", 0)
    (rest,) = [
        p for p in plans(view) if [str(a) for a in p.actions] == ["lie Y1", "rest iron-marshal"]
    ]
    why = f"{said}and no other choice does better" if said else "no other choice does better"
    assert told_of(view, rest) == ("Lie down Y1, then rest The Iron Marshal", why)


def test_a_hint_in_a_combat_says_who_wins_after_the_answer() -> None:
    """Tutorial 5's fight: red attacks 3 against 2, yellow holds the
    Tidecaller Conch (+1 defense). The hint says what the relic is for."""
    told = hint(relic_defense().for_seat("yellow", 0), GreedyBot(0))
    assert told.action == Action.parse("activate tidecaller-conch")
    assert told.text.startswith(
        "Activate Tidecaller Conch, then move Y2 to zone L: the combat ends at attack 3 against "
        "defense 3, and yellow wins: a tie goes to the defender; "
    )
    # The Drowned Crown (+2) leaves red nothing to answer: the fight ends in
    # the same step, at the strengths the relic made.
    view = relic_defense().for_seat("yellow", 0)
    crown = next(plan for _, plan in rank(view) if str(plan) == "activate drowned-crown, pass")
    assert told_of(view, crown)[1].startswith(
        "the combat ends at attack 3 against defense 4, and yellow wins; "
    )


def test_an_attacks_hint_says_where_the_fight_stands_before_the_answer() -> None:
    """Red's R3 attacks yellow's lying Y3 (tutorial 5's fight, before it is
    declared): the hint says the strengths the step leaves and who wins at
    them if yellow answers nothing (a newcomer found only the attack's costs
    said). An unguarded fortress's attack, over at once, is told by its VP
    (test_a_hint_tells_the_greedy_step_and_its_reasons_in_words)."""
    game = before_the_attack([], [])
    game.apply("lie R3")
    view = game.for_seat("red", 0)
    attack = next(plan for _, plan in rank(view) if str(plan) == "attack Y3, exhaust red-private")
    assert told_of(view, attack)[1].startswith(
        "if no one plays more, the combat ends at attack 3 against defense 1, and red wins; "
    )


def test_a_hint_tells_a_fight_only_of_the_seats_own() -> None:
    """A whole solo game, yellow greedy and hinted at every decision: the
    hint tells where a combat stands only when one was under way or its step
    declares an attack, never of the dummy's fight that ending the turn lets
    begin and end within the step (the game holds such steps)."""
    game, bot, seed = Game.solo(seed=105), GreedyBot(105), 0
    others = told = 0
    while not game.is_over:
        if game.decider == "yellow":
            view = game.for_seat("yellow", seed)
            said = hint(view, GreedyBot(0))
            assert said.plan is not None
            ours = view.combat is not None or any(a.verb == "attack" for a in said.plan.actions)
            trial, events = view.copy(), []
            for action in said.plan.actions:
                if trial.decider != "yellow":
                    break
                events += trial.apply(action)
            others += not ours and any(e.kind == "combat" for e in events)
            told += "combat ends" in said.text
            assert ours or "combat ends" not in said.text, said.text
            seed += 1
        game.apply(decide(bot, game, seed))
    assert others >= 1 and told >= 10, (others, told)


def test_spending_a_full_treasury_is_told_as_room_for_tonights_fee() -> None:
    """Yellow, 5 gold and zone J dominated, buys a minion: the fee to come
    is the same 2 gold, but a full treasury would lose it. Said as room,
    once (the gold to come with it), never as more fee: the minion earns none."""
    s = Scenario(["yellow", "red"], board="A", seed=5)
    s.fortress("yellow", "J").fortress("red", "H")
    s.troops("yellow", "J", standing=3).troops("red", "H", standing=2)
    s.gold("yellow", 5).gold("red", 0)
    view = s.scepter("yellow").afternoon("yellow").build().for_seat("yellow", 0)
    buying = next(plan for _, plan in rank(view) if plan.actions[0].verb == "acquire")
    why = told_of(view, buying)[1]
    assert "room in the treasury for tonight's protection fee and the gold to come" in why
    assert "more protection fee" not in why and why.count("room in the treasury") == 1


def test_the_search_bots_hint_says_what_its_search_found_in_whole_vp() -> None:
    game = at_reds_door(HANDS[0], red_hp=2)
    game.apply("lie Y1")
    view = game.for_seat("yellow", 0)
    policy = IsmctsBot(0, iterations=40).policy(view)
    told = hint(view, IsmctsBot(0, iterations=40))
    assert told.action == policy[0].plan.actions[0] == Action.parse("attack fortress-red")
    found = re.search(r" Searched: about (\d+) VP better than the next best, ", told.text)
    assert found and int(found[1]) >= 5  # the fortress's 5 VP, at least
    assert told.text.endswith(".") and not re.search(r"\d\.\d", told.text)


def test_the_hint_tells_the_runner_up_where_fresh_worlds_find_it_clearly_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint measures as the analysis does: the race's winner against the
    runner-up on fresh worlds. Where those worlds find the runner-up ahead
    beyond the luck of the draw, the race's luck chose, and the hint tells
    the runner-up, with the gap it measured."""
    game = at_reds_door(HANDS[0], red_hp=2)
    game.apply("lie Y1")
    view = game.for_seat("yellow", 0)
    policy = IsmctsBot(0, iterations=40).policy(view)
    winner, runner_up = policy[0].plan, policy[1].plan

    fresh = {str(winner): (0.0, 1.0, 0.0, 1.0), str(runner_up): (3.0, 4.0, 3.0, 5.0)}
    compared: list[list[str]] = []

    def measured(bot: IsmctsBot, view: Game, plans: list[Plan], sweeps: int) -> list[tuple]:
        compared.append([str(p) for p in plans])
        assert sweeps == 20  # half the bot's 40 iterations
        return [fresh[str(p)] for p in plans]  # the runner-up 3 to 4 VP ahead

    monkeypatch.setattr(IsmctsBot, "compare", measured)
    told = hint(view, IsmctsBot(0, iterations=40))
    assert told.action == runner_up.actions[0] != winner.actions[0]
    assert re.search(r" Searched: about 3 VP better than the next best, ", told.text)
    # Measured twice: the worlds that found the runner-up ahead would flatter it.
    assert compared == [[str(winner), str(runner_up)], [str(runner_up), str(winner)]]


# -- the greedy bot looks through a step ------------------------------------------------------


def test_plans_finish_the_step_an_action_begins() -> None:
    game = at_reds_door(HANDS[0], red_hp=2)
    found = {str(p) for p in plans(game)}
    assert "lie Y1, attack fortress-red, exhaust iron-marshal" in found
    assert all(p.result.decision.kind != "troop-action" for p in plans(game))


def test_going_on_from_its_own_copy_changes_no_plan() -> None:
    """The look-through plays a position's last option on that position
    itself, not a copy: each plan is still the one its actions give played
    afresh (``follow``, from a copy of the game of its own), each finished
    position its own, and the caller's game is left as it was. (Red's only
    answers here are defences, which draw no random numbers: ``plans`` and
    ``follow`` answer alike although their rule-of-thumb dice differ.)"""
    game = at_reds_door(HANDS[0], red_hp=2)
    before = game.read_state().clone()
    found = plans(game)
    assert len(found) > 3 and any(len(p.actions) > 2 for p in found)

    def told(plan: Plan) -> tuple:
        return (plan.actions, plan.expected, plan.result.read_state())

    assert [told(follow(game, p.actions)) for p in found] == [told(p) for p in found]
    assert len({id(p.result) for p in found}) == len(found)
    assert game.read_state() == before


def test_a_purchase_is_tried_once_per_set_of_payments() -> None:
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H").troops("yellow", "J", standing=1)
    s.hand("yellow", ["drowned-crown", "fairy-gold"]).gold("yellow", 2)
    s.pool(["pit-fighter"])
    game = s.afternoon(turn="yellow").build()
    purchases = [str(p) for p in plans(game) if str(p).startswith("acquire pit-fighter")]
    assert len(purchases) == len(set(purchases))
    assert all(p.startswith("acquire pit-fighter, pay gold 2") for p in purchases)


def test_a_step_that_changes_nothing_is_never_planned() -> None:
    """The War Chaplain's Command rests its own minion twice, back to ready:
    taking it again and again would never end the turn."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H").troops("yellow", "J", lying=1)
    s.hall("yellow", ["war-chaplain"]).hand("yellow", []).gold("yellow", 0)
    game = s.afternoon(turn="yellow").build()
    assert "command war-chaplain" in {str(a) for a in game.legal_actions()}
    ranked = [str(plan) for _, plan in rank(game)]
    assert "command war-chaplain, rest war-chaplain, rest war-chaplain" not in ranked
    assert "end" in ranked


def test_greedy_explains_its_choice() -> None:
    game = at_reds_door(HANDS[0], red_hp=2)
    text = GreedyBot(0).explain(game)
    best = rank(game)[0][1]
    assert f"After '{best}':" in text and "vp_now" in text


# -- the evaluation -----------------------------------------------------------------------------


def test_the_bots_add_their_floats_as_every_python_does() -> None:
    """From the left, one by one, in an evaluation and in a plan's mean:
    Python 3.12's sum() compensates rounding (1.0 below), and the bots'
    near-ties would order otherwise there. (On this project's 3.11 sum()
    adds so too: the end-to-end check is the browser's Python, 3.14, running
    Portuguese tutorial 6 in tests/browser/test_lite.py.)"""
    values = [1e16, 1.0, -1e16]
    assert summed(values) == 0.0
    assert _total(tuple(Term(str(i), v, "") for i, v in enumerate(values))) == 0.0
    assert Entry(None, 0, values).mean == 0.0  # type: ignore[arg-type]


@pytest.fixture
def board() -> Scenario:
    """Yellow (fortress J) and red (fortress H) on board A, afternoon, no relics."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H")
    s.overlord("yellow", "iron-marshal", "ready").overlord("red", "gilded-lich", "ready")
    s.hand("yellow", []).hand("red", []).gold("yellow", 0).gold("red", 0)
    return s


def test_an_evaluation_shows_itself_term_by_term_in_a_notebook(board: Scenario) -> None:
    evaluation = evaluate(board.troops("yellow", "J", standing=2).afternoon().build(), "yellow")
    shown = pretty(evaluation)
    assert shown == str(evaluation) and shown.startswith("yellow is worth ")
    assert all(f"  {t.name:<9}" in shown for t in evaluation.terms)


def test_vp_now_is_the_score(board: Scenario) -> None:
    game = board.troops("yellow", "J", standing=2).afternoon().build()
    score = {s.player: s.total for s in game.score()}
    assert evaluate(game, "yellow")["vp_now"] == score["yellow"]
    assert evaluate(game, "red")["vp_now"] == score["red"]


def test_the_fee_counts_dominated_terrains_up_to_the_treasury_room(board: Scenario) -> None:
    # Zone A is water and mountain: a lone yellow troop there dominates both;
    # red's troop in M (forest and desert) does not contest them.
    board.troops("yellow", "A", standing=1).troops("red", "M", standing=1)
    poor = evaluate(board.afternoon().build(), "yellow")
    rich = evaluate(board.gold("yellow", 4).afternoon().build(), "yellow")
    assert poor["fee"] == pytest.approx(0.8 * 4)  # 2 terrains, room for 5
    assert rich["fee"] == pytest.approx(0.8 * 1)  # room for 1 gold only
    assert "water" in str(poor) and "mountain" in str(poor)


def test_a_raid_pays_unless_the_rebels_retaliate(board: Scenario) -> None:
    board.troops("yellow", "E", standing=2).troops("red", "H", standing=1)
    calm = evaluate(board.rebels(1).afternoon().build(), "yellow")
    riot = evaluate(board.rebels(3).afternoon().build(), "yellow")
    assert calm["raid"] > 0
    assert riot["raid"] < calm["raid"]


def red_fortress(yellow_zone: str, red_zone: str) -> float:
    """The fortress term of red (fortress H, 5 HP) with one standing troop
    each; yellow has ready minions to attack with."""
    s = Scenario(["yellow", "red"], board="A", seed=11)
    s.fortress("yellow", "J").fortress("red", "H")
    s.troops("yellow", yellow_zone, standing=1).troops("red", red_zone, standing=1)
    return evaluate(s.afternoon().build(), "red")["fortress"]


def test_an_unguarded_fortress_within_reach_is_in_danger() -> None:
    far_away = red_fortress("J", "C")
    guarded = red_fortress("A", "H")  # A is next to H, but a red troop guards H
    exposed = red_fortress("A", "C")
    assert far_away == guarded == pytest.approx(0.4 * 5)
    assert exposed < guarded


def test_standing_troops_and_ready_minions_are_worth_more() -> None:
    def yellow(standing: int, lying: int, overlord: str) -> dict[str, float]:
        s = Scenario(["yellow", "red"], board="A", seed=11)
        s.fortress("yellow", "J").fortress("red", "H").overlord("yellow", "iron-marshal", overlord)
        s.troops("yellow", "J", standing=standing, lying=lying)
        ev = evaluate(s.afternoon().build(), "yellow")
        return {"troops": ev["troops"], "minions": ev["minions"]}

    fresh, spent = yellow(2, 0, "ready"), yellow(0, 2, "tired")
    assert fresh["troops"] > spent["troops"] > 0
    assert fresh["minions"] > spent["minions"]


def test_margin_is_against_the_best_rival() -> None:
    game = midgame(players=3, steps=30)
    totals = {c: evaluate(game, c).total for c in game.players}
    best_rival = max(v for c, v in totals.items() if c != "yellow")
    assert margin(game, "yellow") == pytest.approx(totals["yellow"] - best_rival)


def test_at_the_end_only_the_score_counts() -> None:
    game = midgame(steps=10)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    score = {s.player: s.total for s in game.score()}
    for color in game.players:
        ev = evaluate(game, color)
        assert [t.name for t in ev.terms] == ["vp_now"] and ev.total == score[color]


@pytest.mark.parametrize("spec", ["mcts:playouts=6,width=2", "ismcts:iterations=6"])
def test_a_search_runs_with_what_was_alive_before_it_frozen(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The objects alive before a search are out of the collector's sight
    while its rounds run (its full passes walked them all), and back after."""
    counts: list[int] = []  # the freeze count as each round starts

    def looking(play_round: Callable[..., None]) -> Callable[..., None]:
        def looked(*args: object) -> None:
            counts.append(gc.get_freeze_count())
            play_round(*args)

        return looked

    monkeypatch.setattr(flat_search, "play_round", looking(flat_search.play_round))
    monkeypatch.setattr(tree_search.Race, "play_round", looking(tree_search.Race.play_round))
    assert gc.get_freeze_count() == 0
    make_bot(spec, 1).choose(Game.new(["yellow", "red"], board="A", seed=5))
    assert counts and min(counts) > 0
    assert gc.get_freeze_count() == 0


def test_the_collector_is_put_back_after_a_failure() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), collector_for_search:
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (search.YOUNG, *before[1:])
        raise RuntimeError
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_a_process_forked_during_a_search_starts_with_the_collector_put_back() -> None:
    before, searching, done = gc.get_threshold(), threading.Event(), threading.Event()

    def search() -> None:  # another thread's search, under way when the fork comes
        with collector_for_search:
            searching.set()
            done.wait()

    other = threading.Thread(target=search)
    other.start()
    searching.wait()
    child = os.fork()
    if child == 0:  # the child: its exit code says what it found, whatever happens
        code = 1
        try:
            fine = gc.get_freeze_count() == 0 and gc.get_threshold() == before
            code = 0 if fine and collector_for_search.searches == 0 else 1
        finally:
            os._exit(code)
    done.set()
    other.join()
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def test_overlapping_searches_unfreeze_when_the_last_ends() -> None:
    """Searches that overlap (on threads; here one inside the other): the
    first to end leaves the collector set for the other."""
    before, alive = gc.get_threshold(), []
    with collector_for_search:
        with collector_for_search:
            assert frozen(alive)
        assert frozen(alive)
        assert gc.get_threshold() == (search.YOUNG, *before[1:])
    assert not frozen(alive)
    assert gc.get_threshold() == before


def test_what_a_host_froze_before_stays_frozen() -> None:
    alive: list = []
    gc.freeze()
    try:
        with collector_for_search:
            assert frozen(alive)
        assert frozen(alive)
    finally:
        gc.unfreeze()
    assert not frozen(alive)


def frozen(tracked: object) -> bool:
    """Whether the collector has ``tracked`` frozen: it is in none of its
    generations (a frozen object's count is no sure sign: objects die)."""
    return gc.is_tracked(tracked) and all(o is not tracked for o in gc.get_objects())
