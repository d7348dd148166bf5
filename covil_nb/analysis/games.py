"""The engine's analysis of a game, in the manner of lichess's computer analysis.

>>> study = analyse(game, seats=["yellow"])  # doctest: +SKIP
>>> print(summary(study))  # doctest: +SKIP
>>> advantage(study.chapters[0])  # doctest: +SKIP

A **decision** is where a seat begins a **run** of its own actions: the
actions it takes one after the other within one step (see
:func:`~covil_nb.bots.planning.in_step`) before another seat answers or a card
is drawn (a turn's purchase and its payments; an attack up to its minion; a
defense; a relic bought, whose draw the next decision knows). The
option it **played** is that run, read from the record. :func:`assess`
weighs it against the runs the search's candidates begin with (the
``width`` best plans by the evaluation,
:func:`~covil_nb.bots.search.candidates`): no option holds a choice made after
another seat answered, which the seat could not know when it decided. The
options race in the tree search bot's search
(:meth:`~covil_nb.bots.tree_search.IsmctsBot.policy`, a third of the
``budget`` iterations; :func:`~covil_nb.bots.tree_search.judging`): each is
played as its run, then the day goes on as the search plays it (every
seat's next 2 steps by the greedy bot's best plans, then the rule of thumb,
to the end of the day), in sampled worlds
dealt by ``for_seat`` from what the seat saw, so the other seats' hidden
cards never matter. Every sweep plays all the options still racing in the
same world with the same luck of the draw (common random numbers); by
sequential halving the worse half leaves the race each round, but the
option played stays to the end. The race only chooses the **rival**: its
winner, or its runner-up where the option played won. A race's winner is
flattered by the very luck that made it win, so the verdict is measured
apart (:meth:`~covil_nb.bots.tree_search.IsmctsBot.compare`, the other two
thirds of the budget): the rival and the option played, on fresh worlds
that took no part in the choice, with the same luck for both. An option's
value there is its mean **margin** at the end of the day (the seat's
evaluation less the best rival's, in VP); the loss is how far the rival is
ahead (none where it is not), its uncertainty the standard error of the
paired difference. How well that day's lead foresees the lead at the game's
end, :mod:`.foresight` measures.

A **glyph** marks the node of the played step's first action only where the
loss is more than twice its standard error (a good decision that lost to the
luck of the draw is no mistake), and then by its size in VP:

- ``?!`` inaccuracy: a loss of at least :data:`~covil_nb.study.INACCURACY` VP;
- ``?`` mistake: at least :data:`~covil_nb.study.MISTAKE` VP;
- ``??`` blunder: at least :data:`~covil_nb.study.BLUNDER` VP (a fortress is worth 5 VP).

Where the best option is not the one played, it is added as a variation
(``by = "engine"``) before the played move, as far as it is the seat's own
run of actions, with a comment that says why in the hint's words (see
:func:`~covil_nb.bots.hint.told`). Decisions are independent: each is a task
of its own (the record and the decision's index), run on any
``concurrent.futures.Executor``, and seeded from the analysis's seed and its
index, so the study is the same whatever runs it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, replace
from typing import Any

from covil_nb.bots.hint import deed, told
from covil_nb.bots.planning import Plan, follow, in_step
from covil_nb.bots.search import NOISE, candidates, mean
from covil_nb.bots.tree_search import Judged, judging
from covil_nb.drawing.charts import Point, advantage_chart
from covil_nb.drawing.picture import Picture
from covil_nb.model import Action, CovilError, Game
from covil_nb.model.arguments import checked
from covil_nb.model.errors import said
from covil_nb.model.language import Number, tr
from covil_nb.model.state import State
from covil_nb.model.views import unknown_mercenaries, unknown_relics
from covil_nb.model.words import color_name
from covil_nb.study import (
    ENGINE,
    Assessment,
    Chapter,
    Comment,
    Node,
    Study,
    glyph_for,
)

RULE = "analysis"
# Iterations of the search a decision: a seat's whole game within a minute
# of CPU (benchmarks/analysis.py measures it; docs/changelog.md has figures).
DEFAULT_BUDGET = 300
# Worlds the best option and the one played must share for a glyph: an error
# from fewer says too little (a small budget spreads thin over many options).
MIN_SHARED = 4
# The budget's share that measures afresh (one in FRESH_SHARE iterations a
# sweep of two plans: two thirds); the race chooses with the rest.
FRESH_SHARE = 3
# Iterations below which the uncertainty says nothing: fewer fresh worlds than MIN_SHARED.
MIN_BUDGET = FRESH_SHARE * MIN_SHARED
BY = "ismcts"  # who played the options out: the tree search bot's race


@dataclass(frozen=True)
class Review:
    """The engine's view of one decision: its :class:`~covil_nb.study.Assessment`,
    the better plan's ``line`` (the seat's own run of actions from the
    decision; empty where the option played was the best) and the comment
    that says why."""

    assessment: Assessment
    line: tuple[str, ...]
    comment: str


@checked(RULE)
def assess(
    game: Game, played: Sequence[str], budget: int | None = None, seed: int = 0
) -> Review | None:
    """The decision of the seat deciding in ``game``, which played the actions
    ``played`` (its own in the step that begins here, the first legal now),
    weighed with ``budget`` iterations of the search (see the module docstring).
    Only what the seat may know is read: ``game`` is seen through
    ``game.for_seat`` alone. None where the seat has one option only."""
    found = judge(game, played, budget, seed)
    if found is None:
        return None
    return _review(*found)


@checked(RULE)
def judge(
    game: Game, played: Sequence[str], budget: int | None = None, seed: int = 0
) -> tuple[Game, Judged] | None:
    """The seat's view of ``game`` and the option played judged against its
    rival on fresh worlds, as :func:`assess` weighs them (the same
    arguments); None where the seat has one option only (every other
    reaches the position the one played does)."""
    me = game.decider
    if me is None:
        raise CovilError(tr("the game is over: there is no decision to assess"), RULE)
    if not played:
        raise CovilError(tr("the option played is at least one action"), RULE)
    iterations = _budget(budget)
    seeds = random.Random(seed)
    view = game.for_seat(me, seeds.getrandbits(63), log=False)
    refusal = view.refusal(played[0])
    if refusal is not None:
        raise CovilError(
            tr("the option played begins with an illegal action: {refusal}", refusal=refusal), RULE
        )
    options, mine = _options(view, me, [Action.parse(move) for move in played])
    if not options:
        return None
    sweeps = max(1, iterations // FRESH_SHARE)  # two plans a sweep: 2/3 of the budget
    search = judging(seeds.getrandbits(63), iterations - 2 * sweeps)
    judged = search.judge(view, sweeps, keep=mine, among=options)
    if judged.rival is None:  # the other options lead where the one played does
        return None
    return view, judged


def _options(view: Game, me: str, played: list[Action]) -> tuple[list[Plan], Plan]:
    """The options other than the one played (the candidates' runs), and
    the run played. Each is played as its run, the rest of the step as the
    search plays it, so that no option holds a choice made after another
    seat answered."""
    mine, here = _own_run(view, me, follow(view, played))
    reached, others = [here], []
    for run, state in (_own_run(view, me, plan) for plan in candidates(view)):
        if state not in reached:  # two orders of the same actions are one option
            reached.append(state)
            others.append(run)
    return [follow(view, list(run)) for run in others], follow(view, list(mine))


def _budget(budget: int | None) -> int:
    iterations = DEFAULT_BUDGET if budget is None else budget
    if iterations < MIN_BUDGET:
        raise CovilError(
            tr(
                "a budget of {budget} iterations: it takes at least {min_budget} for an "
                "uncertainty worth telling",
                budget=said(budget),
                min_budget=MIN_BUDGET,
            ),
            RULE,
        )
    return iterations


def _review(view: Game, judged: Judged) -> Review:
    """The verdict from the fresh worlds alone: the rival's mean margin as
    the best's where it is ahead (the played option's where it is not: no loss)."""
    me, rival = view.decider, judged.rival
    assert me is not None and rival is not None  # as judge() found them
    gap, error = judged.gap
    value = mean(judged.values)
    sweeps = len(judged.values)
    best = value + max(gap, 0.0)
    assessment = Assessment(me, round(value, 3), round(best, 3), round(error, 3), sweeps, BY)
    told = sweeps >= MIN_SHARED
    if told:
        assessment = replace(assessment, glyph=glyph_for(assessment.loss, assessment.error))
    if not told or assessment.loss <= NOISE * assessment.error:
        return Review(assessment, (), "")  # no better plan the luck of the draw cannot explain
    line = tuple(str(a) for a in rival.actions)
    return Review(assessment, line, _comment(view, rival, judged.plan, assessment))


def _own_run(view: Game, me: str, plan: Plan) -> tuple[tuple[Action, ...], State]:
    """The plan's actions up to the first that waits for another seat's
    answer, and the position they reach."""
    trial = view.copy(log=False)
    run: list[Action] = []
    for action in plan.actions:
        if trial.decider != me or action not in trial.legal_actions():
            break
        unseen = _unseen(trial, me)
        trial.apply(action)
        run.append(action)
        if _unseen(trial, me) != unseen:
            break  # a card drawn, a shuffle: what comes next depends on what was dealt
    return tuple(run), trial.read_state()


def _unseen(game: Game, seat: str | None) -> tuple[object, ...]:
    """What ``seat`` cannot see: the hidden piles and the shuffles to come.
    An action that changes it shows the seat something new, so that its
    run ends there: what it does next is another decision."""
    state = game.read_state()
    piles = unknown_mercenaries(state, game.cards)
    if seat is not None:
        piles += unknown_relics(state, seat)
    return state.rng, *(tuple(pile) for pile in piles)


def _comment(view: Game, best: Plan, mine: Plan, assessment: Assessment) -> str:
    better, why = told(view, best, against=mine)
    done = deed(view, mine)
    said = tr(
        "Better: {deed} ({why}). It is {loss} VP better (±{error}) than what was played: {done}.",
        deed=f"{better[:1].lower()}{better[1:]}",
        why=why,
        loss=Number(assessment.loss, ".1f"),
        error=Number(assessment.error, ".1f"),
        done=f"{done[:1].lower()}{done[1:]}",
    )
    return str(said)


# -- a whole game ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Choice:
    """A decision to assess: the ``seat`` deciding before the record's action
    ``index``, its own actions in the step that begins there, and the ``day``."""

    index: int
    seat: str
    played: tuple[str, ...]
    day: int


@checked(RULE)
def analyse(
    game_or_record: Game | dict[str, Any],
    seats: Sequence[str] | None = None,
    budget: int | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> Study:
    """A study of the game (a :class:`~covil_nb.Game` that keeps its record,
    or a record, ``Game.record()``) with the engine's view of every decision
    of ``seats`` (by default every seat a person plays: not a solo game's
    dummies) written into it (see the module docstring), ``budget``
    iterations of the search a decision (:data:`DEFAULT_BUDGET`), seeded by ``seed``. The
    decisions run on ``executor`` when one is given (any
    ``concurrent.futures.Executor``: threads, processes, Dask's), else here;
    ``progress(done, total)`` is called as each is done. The study is the
    same whatever the executor; its chapter is read from the seat analysed
    when there is one (all-seeing for several)."""
    game = game_or_record if isinstance(game_or_record, Game) else Game.replay(game_or_record)
    chosen = _seats(game, seats)
    _budget(budget)  # checked before anything is made
    title = str(tr("Analysis"))  # the study's title, in the language of the moment
    study = Study.of_game(game, title, seat=chosen[0] if len(chosen) == 1 else None)
    annotate(study.chapters[0], chosen, budget, seed, executor, progress)
    return study


@checked(RULE)
def annotate(
    chapter: Chapter,
    seats: Sequence[str] | None = None,
    budget: int | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> Chapter:
    """Write the engine's view of every decision of ``seats`` along
    ``chapter``'s main line into it, as :func:`analyse` does for a whole
    game (the same arguments; a chapter starting in the middle of a game
    has the decisions from its start). What an analysis wrote in the
    chapter before is forgotten (:meth:`~covil_nb.study.Node.clear_engine`)
    once the new one is made: a refusal or a failure on the way leaves the
    chapter as it was."""
    main = [chapter.root, *chapter.main_line()]
    game = main[-1].game()
    record = game.record()
    chosen = _seats(game, seats)
    iterations = _budget(budget)
    before = len(record["actions"]) - (len(main) - 1)  # played before the chapter's start
    choices = [c for c in _choices(record, chosen) if c.index >= before]
    reviews = _run(record, choices, iterations, seed, executor, progress)
    kept = _notes_of(chapter)
    try:
        for node in list(chapter.nodes()):
            node.clear_engine()
        for choice, review in zip(choices, reviews, strict=True):
            if review is not None:
                at = choice.index - before
                _write(main[at], main[at + 1], review)
    except BaseException:  # an interrupt too: the old notes back, none half written
        _restore(kept)
        raise
    return chapter


_Notes = tuple[list[Comment], list[Comment], list[str], Assessment | None, list[Node]]


def _notes_of(chapter: Chapter) -> dict[Node, _Notes]:
    """What clearing and writing an analysis change, node by node."""
    return {
        n: (list(n.before), list(n.after), list(n.glyphs), n.assessment, list(n.variations))
        for n in chapter.nodes()
    }


def _restore(kept: dict[Node, _Notes]) -> None:
    for node, (before, after, glyphs, assessment, variations) in kept.items():
        node.before[:], node.after[:], node.glyphs[:] = before, after, glyphs
        node.assessment, node.variations[:] = assessment, variations


def _seats(game: Game, seats: Sequence[str] | None) -> list[str]:
    people = [c for c in game.players if c not in game.dummies]
    if seats is None:
        return people
    for seat in seats:
        if seat not in people:
            raise CovilError(
                tr(
                    "{seat} is no seat a person plays in this game: {people}",
                    seat=said(seat),
                    people=people,
                ),
                RULE,
            )
    return list(dict.fromkeys(seats))


def _choices(record: dict[str, Any], seats: list[str]) -> list[_Choice]:
    """Where each of the seats begins a run of its own actions (see the
    module docstring), with the run. Steps are cut as the look-through cuts
    them (:func:`~covil_nb.bots.planning.in_step`)."""
    game = Game.replay({**record, "actions": []}).copy(log=False)
    runs: list[tuple[int, str, list[str], int]] = []
    last: str | None = None  # whose run goes on: who played the action before, in this step
    resolved = False
    for index, move in enumerate(record["actions"]):
        if not in_step(game.decision_kind, resolved):
            last, resolved = None, False
        seat = game.decider
        if seat in seats and seat == last:
            runs[-1][2].append(move)
        elif seat in seats:
            runs.append((index, seat, [move], game.day))
        unseen = _unseen(game, seat)
        game.apply(move)
        last = seat if _unseen(game, seat) == unseen else None  # the seat saw something new
        resolved = resolved or Action.parse(move).verb == "pass"
    return [_Choice(index, seat, tuple(moves), day) for index, seat, moves, day in runs]


def _run(
    record: dict[str, Any],
    choices: list[_Choice],
    iterations: int,
    seed: int,
    executor: Executor | None,
    progress: Callable[[int, int], object] | None,
) -> list[Review | None]:
    """Every decision's review, in order, run here or on ``executor``."""
    total = len(choices)
    tell = progress or (lambda done, total: None)
    if executor is None:
        reviews = []
        for choice in choices:
            reviews.append(_task(record, choice, iterations, seed))
            tell(len(reviews), total)
        return reviews
    futures = [executor.submit(_task, record, choice, iterations, seed) for choice in choices]
    for done, _ in enumerate(as_completed(futures), 1):
        tell(done, total)
    return [future.result() for future in futures]


def _task(record: dict[str, Any], choice: _Choice, iterations: int, seed: int) -> Review | None:
    """One decision, on its own (picklable, for an executor of processes):
    its position replayed, its seed from the analysis's and its index."""
    own = random.Random(f"covil-analysis {seed} {choice.index}").getrandbits(63)
    return assess(position_at(record, choice.index), choice.played, iterations, own)


def position_at(record: dict[str, Any], index: int) -> Game:
    """The game of ``record`` before its action ``index``."""
    return Game.replay({**record, "actions": record["actions"][:index]})


def _write(before: Node, node: Node, review: Review) -> None:
    """The review on ``node`` (the played step's first action, played at ``before``)."""
    glyph = review.assessment.glyph
    marked = bool(glyph) and glyph not in node.glyphs  # the author's own glyph stays theirs
    node.assessment = replace(review.assessment, marked=marked)
    if marked:
        node.glyph(glyph)
    if review.comment:
        node.comment(review.comment, ENGINE)
    if review.line:
        _add_line(before, review.line)


def _add_line(at: Node, moves: tuple[str, ...]) -> None:
    """``moves`` as a line from ``at``, following the lines there; its first
    new node marked as the engine's."""
    node: Node | None = at
    known = 0
    for move in moves:
        node = next((v for v in node.variations if v.move == move), None) if node else None
        if node is None:
            break
        known += 1
    if known == len(moves):
        return
    first = at.chapter.add_line(list(moves), at=at)
    for _ in range(len(moves) - known - 1):
        assert first.parent is not None
        first = first.parent
    first.by = ENGINE


# -- the summary ------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatSummary:
    """One seat's decisions assessed, their mean loss in VP, and the count of each glyph."""

    seat: str
    decisions: int
    mean_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int


@dataclass(frozen=True)
class Summary:
    """Each seat's :class:`SeatSummary`, in the order they first decide."""

    seats: tuple[SeatSummary, ...]

    def __getitem__(self, seat: str) -> SeatSummary:
        for row in self.seats:
            if row.seat == seat:
                return row
        raise KeyError(seat)

    def __str__(self) -> str:
        seat, decisions, loss = str(tr("seat")), str(tr("decisions")), str(tr("mean loss"))
        vp = tr("VP")
        head = f"{seat:<8} {decisions:>9} {loss:>9} {'?!':>3} {'?':>3} {'??':>3}"
        rows = [
            f"{color_name(r.seat)!s:<8} {r.decisions:>9} {Number(r.mean_loss, '.2f'):>6} {vp}"
            f" {r.inaccuracies:>3} {r.mistakes:>3} {r.blunders:>3}"
            for r in self.seats
        ]
        return "\n".join([head, *rows])

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))


@checked(RULE)
def summary(study_or_chapter: Study | Chapter) -> Summary:
    """Per seat, over every node an analysis assessed: the decisions, the
    mean loss, and how many inaccuracies (``?!``), mistakes (``?``) and
    blunders (``??``)."""
    chapters = (
        study_or_chapter.chapters if isinstance(study_or_chapter, Study) else [study_or_chapter]
    )
    by_seat: dict[str, list[Assessment]] = {}
    for assessment in _assessments(chapters):
        by_seat.setdefault(assessment.seat, []).append(assessment)
    return Summary(tuple(_seat_summary(seat, found) for seat, found in by_seat.items()))


def _assessments(chapters: Iterable[Chapter]) -> Iterable[Assessment]:
    for chapter in chapters:
        for node in chapter.nodes():
            if node.assessment is not None:
                yield node.assessment


def _seat_summary(seat: str, found: list[Assessment]) -> SeatSummary:
    glyphs = [a.glyph for a in found]
    return SeatSummary(
        seat,
        len(found),
        round(sum(a.loss for a in found) / len(found), 3),
        glyphs.count("?!"),
        glyphs.count("?"),
        glyphs.count("??"),
    )


@checked("analysis")
def advantage(chapter: Chapter, title: str | None = None) -> Picture:
    """Each seat's evaluation at its decisions along the chapter's main line,
    as an analysis assessed them (:func:`analyse`), drawn by
    :func:`~covil_nb.drawing.charts.advantage_chart`."""
    game = chapter.start_game().copy(log=False)
    found = []
    for k, node in enumerate(chapter.main_line()):
        day = game.day
        game.apply(node.move or "")
        if node.assessment is not None:
            found.append(Point(k, day, node.assessment))  # the position decided at
    return advantage_chart(found, title)
