"""An analysis on the boards: "Analyse this game" on a finished game board
and on a study's chapter, its progress, chart, summary and notes, a click on
a dot of the chart; and what is refused, with everything as it was."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from boards import refused, send

from covil_nb import Game, GameWidget, Study, StudyWidget
from covil_nb.bots import GreedyBot
from covil_nb.bots import play as play_bots
from covil_nb.study import ENGINE

BUDGET = 24  # iterations a decision: enough for glyphs (4 shared worlds), quick


@cache
def record() -> dict[str, Any]:
    """A finished solo game of the greedy bot (yellow) against the dummy."""
    return play_bots(Game.solo(seed=3), {"yellow": GreedyBot(1)}, seed=0).record()


def finished() -> Game:
    return Game.replay(record())


def dots(svg: str) -> list[int]:
    return [int(k) for k in re.findall(r'data-node="(\d+)"', svg)]


def test_the_game_board_analyses_a_finished_game_with_progress() -> None:
    board = GameWidget(finished())
    board.analysis_budget = BUDGET
    told: list[dict[str, int]] = []
    board.observe(lambda change: told.append(change["new"]), names=["progress"])
    send(board, "analyse")
    assert not board.error
    study = board.analysis
    assert study is not None and study.chapters[0].seat == "yellow"  # the person's seat
    total = told[0]["total"]
    assert [t["done"] for t in told[:-1]] == list(range(1, total + 1)) and told[-1] == {}
    review = board.review
    assert [row["seat"] for row in review["summary"]] == ["yellow"]  # never the dummy
    assert review["summary"][0]["decisions"] == len(review["notes"]) > 0
    main = list(study.chapters[0].main_line())
    assert dots(review["chart"]) == sorted(map(int, review["notes"]))  # a dot per note
    for k in dots(review["chart"]):  # the position decided at: the move judged is the next
        a, said = main[k].assessment, review["notes"][str(k)]["said"]
        assert f"played {a.played:+.1f} VP, best {a.best:+.1f} VP (±{a.error:.1f})" in said
    better = [n for n in review["notes"].values() if n["better"]]
    assert better, "no better plan told"
    assert board.decision["over"] and not board.controls["can_redo"]  # the game as it was
    board.undo()  # the game the analysis was of is gone: so is the analysis
    assert board.review == {} and board.analysis is None
    board.redo()  # the same game again: analysed anew on asking
    assert board.review == {} and board.decision["over"]


def test_the_game_board_refuses_an_analysis_before_the_end_or_out_of_budget() -> None:
    game = Game.solo(seed=3)
    board = GameWidget(game)
    assert "not over" in refused(board, "analyse")
    ended = GameWidget(finished())
    ended.analysis_budget = 1
    assert "budget" in refused(ended, "analyse")
    assert ended.analysis is None


def study_board(seat: str | None = None) -> StudyWidget:
    board = StudyWidget(Study.of_game(finished(), "A game", seat=seat))
    board.analysis_budget = BUDGET
    return board


def test_the_study_board_analyses_its_chapter_and_again_replaces_it() -> None:
    board = study_board()
    assert board.review == {}
    assert board.analyse() is board.study and board.progress == {}  # as the button does
    chapter = board.chapter
    first = chapter.root.variations[0]
    assessed = [n for n in chapter.main_line() if n.assessment is not None]
    assert board.review["summary"][0]["decisions"] == len(assessed)
    engine = [i for i, n in enumerate(board.tree["nodes"]) if n["by"] == ENGINE]
    assert engine, "the engine's lines are not told apart in the tree"
    # The board on an engine line; analysed again, that line is made anew.
    send(board, "goto", node=engine[0])
    saying = board.study.to_json()
    send(board, "analyse")
    assert not board.error and board.study.to_json() == saying  # the same seed
    assert board.node in list(chapter.nodes())  # never a node the tree lost
    assert chapter.root.variations[0] is first


def test_a_dot_of_the_chart_jumps_to_its_node_and_marks_it() -> None:
    board = study_board()
    send(board, "analyse")
    main = list(board.chapter.main_line())
    k = dots(board.review["chart"])[3]
    send(board, "jump", step=k)
    assert board.node is main[k - 1] and board.at["line"] == k
    assert "main line has" in refused(board, "jump", step=len(main) + 1)
    send(board, "jump", step=0)  # the chapter's start: where its first move was decided
    assert board.node is board.chapter.root and board.at["line"] == 0


def test_analysis_is_an_authors_and_a_seated_chapter_analyses_its_seat() -> None:
    board = study_board(seat="yellow")
    send(board, "mode", mode="quiz")
    assert "author mode" in refused(board, "analyse")
    send(board, "mode", mode="author")
    send(board, "analyse")
    assert {row["seat"] for row in board.review["summary"]} == {"yellow"}
    empty = StudyWidget(Study.of_game(Game.solo(seed=3), "Nothing yet"))
    assert "no moves" in refused(empty, "analyse")


def test_an_interrupted_analysis_answers_the_page_and_leaves_the_board_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import covil_nb.widget.session as session_module

    board = GameWidget(finished())
    board.analysis_budget = BUDGET
    before = board.get_state()

    def interrupted(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(session_module, "analyse", interrupted)
    with pytest.raises(KeyboardInterrupt):
        board.receive({"kind": "analyse", "version": board.version})
    assert "interrupted" in board.error["text"]  # the page's press ends on an answer
    after = board.get_state()
    assert {k: v for k, v in after.items() if k != "error"} == {
        k: v for k, v in before.items() if k != "error"
    }
    assert board.analysis is None and board.progress == {}


def analysed_board() -> GameWidget:
    """A finished game's board, analysed."""
    board = GameWidget(finished())
    board.analysis_budget = BUDGET
    send(board, "analyse")
    return board


def test_a_note_has_a_line_where_the_engine_said_a_better_one() -> None:
    notes = analysed_board().review["notes"]
    assert any(n["line"] for n in notes.values()) and not all(n["line"] for n in notes.values())
    for note in notes.values():
        assert note["line"] == bool(note["better"])  # a better plan told is a line drawn
        assert all(not e.startswith(("zone:", "troop:")) for e in note["elements"])


def test_the_better_line_is_drawn_before_the_move_and_tried_as_a_what_if() -> None:
    board = analysed_board()
    game = board.game
    step = next(int(k) for k, n in board.review["notes"].items() if n["line"] and int(k) > 0)
    last = len(game.moments(step - 1)) - 1
    send(board, "show", step=step, moment=last)
    drawn = board.past["pictures"]["pieces"]
    plain = GameWidget(finished())  # the same position, no analysis: nothing drawn on it
    send(plain, "show", step=step, moment=last)
    assert drawn != plain.past["pictures"]["pieces"]
    assert board.analysis is not None
    main = list(board.analysis.chapters[0].main_line())
    engine = [v for v in main[step - 1].variations[1:] if v.by == ENGINE] if step else []
    send(board, "better", step=step)
    assert not board.error and board.controls["what_if"] == {"from": step}
    tried = board.line.game.history
    assert tried[:step] == game.history[:step] and tried[step:] != game.history[step:]
    if engine:  # the line branches at once: its first move is the engine's variation's
        assert tried[step] == engine[0].move
    send(board, "return")
    assert board.controls["what_if"] is None and board.game.history == game.history


def test_a_better_line_is_refused_before_an_analysis_or_where_there_is_none() -> None:
    assert "no analysis" in refused(GameWidget(finished()), "better", step=0)
    board = analysed_board()
    none = next(int(k) for k, n in board.review["notes"].items() if not n["line"])
    assert "no better line" in refused(board, "better", step=none)
    assert "no better line" in refused(board, "better", step=10_000)


def test_the_study_board_goes_to_the_end_of_the_engines_line() -> None:
    board = study_board()
    send(board, "analyse")
    step = next(int(k) for k, n in board.review["notes"].items() if n["line"])
    start = [board.chapter.root, *board.chapter.main_line()][step]
    send(board, "better", step=step)
    node = board.node
    assert not node.variations and not node.is_main_line()  # a variation's end
    on_the_way = []
    while node is not start:
        assert node.parent is not None
        on_the_way.append(node)
        node = node.parent
    assert any(n.by == ENGINE for n in on_the_way)
    none = next(int(k) for k, n in board.review["notes"].items() if not n["line"])
    assert "no better line" in refused(board, "better", step=none)


def test_a_quiz_that_hides_the_analysis_refuses_every_better_line_alike() -> None:
    board = study_board()
    send(board, "analyse")
    notes = board.review["notes"]
    line = next(int(k) for k, n in notes.items() if n["line"])
    none = next(int(k) for k, n in notes.items() if not n["line"])
    main = list(board.chapter.main_line())
    main[0].ask("What next?", [main[1].move or ""])  # hides every move after it
    send(board, "mode", mode="quiz")
    # The same refusal where the engine found a line and where it did not:
    # no message tells where the answer's lines are.
    assert "answer the question first" in refused(board, "better", step=line)
    assert "answer the question first" in refused(board, "better", step=none)
