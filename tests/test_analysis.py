"""The engine's analysis of a game: the same for the same seed, whatever the
other seats' hidden cards and whatever runs it; a bad move marked and the
better plan added; glyphs only beyond the luck of the draw; the summary, the
advantage chart and the study file agree with what was assessed."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import cache

import pytest

from covil_nb import Action, CovilError, CovilTypeError, Game, Study, analyse
from covil_nb.analysis import advantage, annotate, assess, glyph_for, summary
from covil_nb.analysis.games import _choices, _options
from covil_nb.bots import GreedyBot, play
from covil_nb.bots.planning import rank
from covil_nb.study import BLUNDER, ENGINE, INACCURACY, MISTAKE, NOISE

BUDGET = 24  # iterations a decision: enough to tell, quick to run
BAD_BUDGET = 150  # enough fresh worlds (50) to tell a clear mistake beyond the luck of the draw
SVG = "{http://www.w3.org/2000/svg}"


@cache
def record() -> dict:
    game = Game.new(["yellow", "red"], seed=1)
    return play(game, {"yellow": GreedyBot(1), "red": GreedyBot(2)}, seed=1).record()


@cache
def analysed(seed: int = 0) -> str:
    return analyse(record(), seats=["yellow"], budget=BUDGET, seed=seed).to_json()


def at(index: int) -> Game:
    """The game before the record's action ``index``."""
    return Game.replay({**record(), "actions": record()["actions"][:index]})


def assessed(study: Study) -> list:
    return [n for n in study.chapters[0].nodes() if n.assessment is not None]


# Two tests, not one: each makes a whole analysis, so that two workers share them.
@pytest.mark.engines
def test_the_same_seed_gives_the_same_study() -> None:
    again = analyse(record(), seats=["yellow"], budget=BUDGET, seed=0).to_json()
    assert again == analysed(0)


def test_another_seed_gives_another_study() -> None:
    assert analysed(1) != analysed(0)


def test_the_assessment_is_the_same_whatever_the_hidden_cards_of_the_others() -> None:
    choices = _choices(record(), ["yellow", "red"])
    for choice in choices[::4]:
        game = at(choice.index)
        seat = game.decider
        assert seat == choice.seat
        found = assess(game, choice.played, BUDGET, seed=5)
        for deal in (11, 12):
            other = game.for_seat(seat, deal)  # every hand but the seat's dealt anew
            rival = next(c for c in game.players if c != seat)
            assert other.state != game.state or not game.player(rival).hand
            assert assess(other, choice.played, BUDGET, seed=5) == found


def test_an_executor_gives_the_same_study_as_none_with_progress() -> None:
    told: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as threads:
        study = analyse(
            record(), seats=["yellow"], budget=BUDGET, executor=threads, progress=_tell(told)
        )
    assert study.to_json() == analysed(0)
    total = len(_choices(record(), ["yellow"]))
    assert [done for done, _ in told] == list(range(1, total + 1))
    assert {of for _, of in told} == {total}


@pytest.mark.engines
def test_a_process_pool_gives_the_same_study() -> None:
    with ProcessPoolExecutor(2) as processes:
        study = analyse(record(), seats=["yellow"], budget=BUDGET, executor=processes)
    assert study.to_json() == analysed(0)


def _tell(told: list[tuple[int, int]]) -> Callable[[int, int], None]:
    return lambda done, total: told.append((done, total))


def worst_run(index: int) -> tuple[float, list[str]]:
    """At the record's action ``index``, the evaluation's worst plan as far
    as yellow plays it alone, and how far behind the best plan it is."""
    game = at(index).for_seat("yellow", 0, log=False)
    ranked = rank(game)
    run = []
    for action in ranked[-1][1].actions:
        if game.decider != "yellow":
            break
        run.append(str(action))
        game.apply(action)
    return ranked[0][0] - ranked[-1][0], run


def test_a_bad_move_gets_a_glyph_a_better_variation_and_a_comment() -> None:
    later = [c for c in _choices(record(), ["yellow"]) if c.index > 20]
    choice = max(later, key=lambda c: worst_run(c.index)[0])  # the clearest mistake to make
    game, bad = at(choice.index), worst_run(choice.index)[1]
    review = assess(game, bad, BAD_BUDGET, seed=2)
    assert review is not None
    assert review.assessment.glyph in ("?!", "?", "??")
    assert review.assessment.loss > NOISE * review.assessment.error
    assert review.line and review.line[0] != bad[0]
    assert "VP better" in review.comment
    assert "costs" not in review.comment  # the better line's reason is what it gains
    # Played in a chapter, the analysis marks it and adds the better plan before it.
    chapter = Study("A bad move").add_chapter("Before it", game, seat="yellow")
    chapter.add_line(bad)
    annotate(chapter, ["yellow"], budget=BAD_BUDGET, seed=2)
    node = next(chapter.main_line())
    assert node.assessment is not None and node.assessment.glyph in node.glyphs
    assert any(c.author == ENGINE and "VP better" in c.text for c in node.after)
    engine_lines = [v for v in chapter.root.variations if v.by == ENGINE]
    assert engine_lines and engine_lines[0].move != bad[0]


def test_glyphs_only_beyond_twice_the_error_and_by_the_thresholds() -> None:
    nodes = assessed(Study.from_json(analysed(0)))
    assert nodes
    for node in nodes:
        a = node.assessment
        assert a.marked == bool(a.glyph) and (a.glyph in node.glyphs) == bool(a.glyph)
        if a.loss <= NOISE * a.error:
            assert not a.glyph and not node.after
    assert any(n.assessment.glyph for n in nodes)  # both kinds met: marked and within the noise
    assert any(n.assessment.loss <= NOISE * n.assessment.error for n in nodes)
    assert glyph_for(BLUNDER + 1, (BLUNDER + 1) / NOISE) == ""  # within the noise
    assert glyph_for(BLUNDER, 0.1) == "??"
    assert glyph_for(MISTAKE, 0.1) == "?"
    assert glyph_for(INACCURACY, 0.1) == "?!"
    assert glyph_for(INACCURACY - 0.01, 0.0) == ""


def test_the_summary_counts_each_seats_decisions_and_glyphs() -> None:
    study = analyse(record(), budget=BUDGET)
    nodes = assessed(study)
    found = summary(study)
    assert [row.seat for row in found.seats] == ["yellow", "red"]
    for row in found.seats:
        mine = [n.assessment for n in nodes if n.assessment.seat == row.seat]
        assert row.decisions == len(mine) > 10
        assert row.mean_loss == pytest.approx(sum(a.loss for a in mine) / len(mine), abs=1e-3)
        assert (row.inaccuracies, row.mistakes, row.blunders) == tuple(
            sum(a.glyph == g for a in mine) for g in ("?!", "?", "??")
        )
    assert summary(study.chapters[0]) == found
    assert str(found).splitlines()[0].split() == [
        "seat",
        "decisions",
        "mean",
        "loss",
        "?!",
        "?",
        "??",
    ]


def test_the_advantage_chart_has_a_point_per_decision_naming_its_node() -> None:
    study = Study.from_json(analysed(0))
    chapter = study.chapters[0]
    picture = advantage(chapter)
    assert advantage(chapter).svg == picture.svg  # deterministic
    root = ET.fromstring(picture.svg)
    points = [g for g in root.iter(f"{SVG}g") if g.get("data-node")]
    main = [chapter.root, *chapter.main_line()]
    assert len(points) == len(assessed(study))
    for point in points:  # a dot names the position decided at: the node before the move
        node = main[int(point.get("data-node")) + 1]
        assert node.assessment is not None and node.assessment.seat == point.get("data-seat")
    days = [t.text for t in root.iter(f"{SVG}text") if (t.text or "").startswith("day ")]
    assert days[0] == "day 1" and len(days) == len(set(days)) > 1


def test_an_analysed_study_round_trips_and_clears_to_the_game() -> None:
    text = analysed(0)
    study = Study.from_json(text)
    assert study.to_json() == text
    assert any(v.by == ENGINE for n in study.chapters[0].nodes() for v in n.variations)
    study.clear_engine()
    plain = Study.of_game(Game.replay(record()), "Analysis", seat="yellow")
    assert study.to_json() == plain.to_json()


def test_wrong_arguments_are_refused() -> None:
    with pytest.raises(CovilError, match="no seat a person plays"):
        analyse(Game.solo(seed=1), seats=["red"])  # the dummy's moves are the rules'
    with pytest.raises(CovilError, match="at least 12"):
        analyse(record(), budget=11)
    with pytest.raises(CovilTypeError):
        analyse("a record", budget=12)  # type: ignore[arg-type]
    over = Game.replay(record())
    with pytest.raises(CovilError, match="no decision"):
        assess(over, ["end"])
    with pytest.raises(CovilError, match="illegal"):
        assess(at(5), ["attack Z9"])


def test_the_decisions_are_the_runs_of_each_seats_own_actions() -> None:
    """Every action of the seat is in one run, each run is the seat's, and a
    run ends where the seat sees something new (a relic bought: drawn)."""
    actions = record()["actions"]
    choices = _choices(record(), ["yellow"])
    covered = [i for c in choices for i in range(c.index, c.index + len(c.played))]
    assert [actions[i] for i in covered] == [m for c in choices for m in c.played]
    game = Game.replay({**record(), "actions": []})
    mine = []
    for i, move in enumerate(actions):
        if game.decider == "yellow":
            mine.append(i)
        game.apply(move)
    assert covered == mine
    bought = [c for c in choices if "buy-relic" in c.played]
    assert bought and all(c.played[-1] == "buy-relic" for c in bought)


def test_two_orders_of_the_same_payments_are_one_option() -> None:
    """A purchase paid in another order than the candidates' reaches the same
    position: it is the option played, not a rival to judge it against."""
    game = at(2)  # yellow acquires the Donnish Druid, paying 5 gold and its Grunt
    view = game.for_seat("yellow", 5, log=False)
    played = ["acquire donnish-druid", "pay minion yellow-grunt", "pay gold 5"]
    options, mine = _options(view, "yellow", [Action.parse(m) for m in played])
    assert [str(a) for a in mine.actions[:3]] == played
    runs = [[str(a) for a in plan.actions[:3]] for plan in options]
    assert ["acquire donnish-druid", "pay gold 5", "pay minion yellow-grunt"] not in runs
    assert options  # the other options are still weighed


def test_a_chapter_from_the_middle_of_a_game_is_annotated_as_the_whole_game() -> None:
    """``annotate`` on a chapter that starts after 120 actions: its decisions
    are assessed as in the analysis of the whole game (the same seeds)."""
    whole = Study.from_json(analysed(0)).chapters[0]
    study = Study("Late")
    chapter = study.add_chapter("From action 120", at(120), seat="yellow")
    chapter.add_line(record()["actions"][120:])
    annotate(chapter, ["yellow"], budget=BUDGET, seed=0)
    late = [n.assessment for n in list(whole.main_line())[120:]]
    assert [n.assessment for n in chapter.main_line()] == late
    assert any(late)


def test_an_analysis_interrupted_as_it_writes_leaves_the_chapter_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import covil_nb.analysis.games as analysis

    study = Study.from_json(analysed(0))
    study.chapters[0].root.variations[0].comment("the author's", author="teacher")
    before = study.to_json()
    written = analysis._write
    calls = []

    def interrupted(*args: object) -> None:
        calls.append(args)
        if len(calls) == 3:
            raise KeyboardInterrupt
        written(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis, "_write", interrupted)
    with pytest.raises(KeyboardInterrupt):
        annotate(study.chapters[0], seats=["yellow"], budget=BUDGET, seed=3)
    assert len(calls) == 3 and study.to_json() == before


def test_the_verdict_comes_from_the_fresh_worlds_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A race's winner is flattered by the worlds that made it win: the loss
    and its error are the fresh comparison's, the race's winner against the
    option played (the runner-up, where the option played won)."""
    from covil_nb.analysis import games
    from covil_nb.bots import IsmctsBot

    compared: list[list[str]] = []

    def measured(bot: IsmctsBot, view: Game, plans: list, sweeps: int) -> list[tuple]:
        compared.append([str(p) for p in plans])
        assert sweeps == BUDGET // games.FRESH_SHARE
        return [(1.0,) * 5, (4.0, 6.0, 5.0, 7.0, 3.0)]  # the played, its rival

    monkeypatch.setattr(IsmctsBot, "compare", measured)
    choice = next(c for c in _choices(record(), ["yellow"]) if c.index > 10)
    review = assess(at(choice.index), choice.played, BUDGET, seed=4)
    assert review is not None and len(compared) == 1
    mine, rival = compared[0]
    assert rival != mine and mine.startswith(choice.played[0])
    a = review.assessment
    assert (a.played, a.best, a.loss) == (1.0, 5.0, 4.0)  # the rival 4 VP ahead, world by world
    assert a.error == pytest.approx(0.707, abs=1e-3) and a.playouts == 5
    assert a.glyph == "??" and review.line == tuple(rival.split(", "))
