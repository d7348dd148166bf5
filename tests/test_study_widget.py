"""The study board from Python: every message through the same handler the
comm uses (``receive``): walking the tree, authoring, the quiz, saving; and
messages that do not fit, refused with the study and the board unchanged."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from boards import refused, send

from covil_nb import CovilError, Game, GameWidget, Study, StudyWidget
from covil_nb.bots import make_bot
from covil_nb.bots.base import play
from covil_nb.drawing.style import HIGHLIGHTS
from covil_nb.model.views import hidden_cards
from covil_nb.study import Assessment

FIRST_MOVES = ["start B", "lie Y1", "move A", "acquire gate-warden", "pay gold 1"]


def a_study() -> Study:
    """The first moves of a solo game, with a question at the third move."""
    game = Game.solo(seed=1)
    for action in FIRST_MOVES:
        game.apply(action)
    study = Study.of_game(game, "First moves")
    at_move = list(study.chapters[0].main_line())[2]  # after "move A": acquire?
    at_move.ask(
        "What would you acquire?",
        ["acquire gate-warden"],
        why="It guards the town.",
        hint="Think of the town.",
    )
    return study


def moves(board: StudyWidget) -> list[str]:
    return board.node.moves()


def test_every_kind_of_message_has_its_handler() -> None:
    """A message is handled by ``on_<kind>``: each kind either board takes has one."""
    from covil_nb.widget import protocol
    from covil_nb.widget.session import BoardSession
    from covil_nb.widget.study_session import STUDY_FIELDS, StudySession

    for session, kinds in ((BoardSession, protocol.FIELDS), (StudySession, STUDY_FIELDS)):
        assert session.kinds == kinds
        assert [k for k in kinds if not callable(getattr(session, f"on_{k}", None))] == []


def test_walking_the_main_line_and_back_by_every_way() -> None:
    board = StudyWidget(a_study())
    assert board.at["node"] == 0 and len(board.tree["nodes"]) == len(FIRST_MOVES) + 1
    for _ in FIRST_MOVES:
        send(board, "walk", way="next")
    assert moves(board) == FIRST_MOVES
    assert board.game.history == FIRST_MOVES  # the position shown is the node's
    send(board, "walk", way="prev")
    assert moves(board) == FIRST_MOVES[:-1]
    send(board, "walk", way="start")
    assert moves(board) == []
    send(board, "walk", way="end")
    assert moves(board) == FIRST_MOVES
    send(board, "goto", node=2)
    assert moves(board) == FIRST_MOVES[:2]
    assert board.tree["nodes"][1]["player"] == "yellow"


def test_a_move_played_where_the_line_goes_elsewhere_starts_a_variation() -> None:
    board = StudyWidget(a_study())
    send(board, "goto", node=1)  # after "start B"
    other = next(a["action"] for a in board.decision["actions"] if a["action"] != "lie Y1")
    send(board, "act", action=other)
    assert not board.error and moves(board) == ["start B", other]
    assert not board.at["main"]
    send(board, "walk", way="up")  # the line above it: the main line
    assert moves(board) == ["start B", "lie Y1"]
    send(board, "walk", way="down")
    send(board, "main")
    assert (
        board.at["main"] and board.study.chapters[0].root.variations[0].variations[0].move == other
    )
    send(board, "demote")
    assert not board.at["main"]
    send(board, "remove")
    assert moves(board) == ["start B"] and len(board.node.variations) == 1


def test_a_comment_a_glyph_marks_saved_and_read_again(tmp_path: Path) -> None:
    path = tmp_path / "study.json"
    board = StudyWidget(a_study(), path=path)
    send(board, "goto", node=3)
    send(board, "comment", text="To zone A: **closer** to town.", before=False)
    send(board, "glyph", glyph="!")
    send(board, "arrow", element="zone:B", target="zone:A")
    send(board, "highlight", element="troop:Y1")
    assert not board.error
    assert board.at["glyphs"] == ["!"] and board.at["arrows"] == [["zone:B", "zone:A"]]
    pieces = board.get_state()["chunks"]
    ring = f'stroke="{HIGHLIGHTS["focus"]}"'  # the highlight, drawn on the map
    assert any('data-troop="Y1"' in text and ring in text for text in pieces.values())
    send(board, "save")
    again = StudyWidget(Study.load(path))
    send(again, "goto", node=3)
    assert again.at["after"] == [
        {
            "text": "To zone A: **closer** to town.",
            "author": "",
            "html": "<p>To zone A: <strong>closer</strong> to town.</p>\n",
        }
    ]
    assert again.at["glyphs"] == ["!"] and again.at["highlights"] == ["troop:Y1"]


@pytest.mark.parametrize(
    ("kind", "fields", "undo"),
    [
        ("arrow", {"element": "zone:B", "target": "zone:A"}, "unarrow"),
        ("highlight", {"element": "troop:Y1"}, "unhighlight"),
        ("comment", {"text": "Said.", "before": True}, "uncomment"),
    ],
)
def test_a_mark_notes_the_move_in_the_tree_and_its_removal_unnotes_it(
    kind: str, fields: dict[str, Any], undo: str
) -> None:
    board = StudyWidget(a_study())
    send(board, "goto", node=3)
    assert not board.tree["nodes"][3]["noted"]
    send(board, kind, **fields)
    assert board.tree["nodes"][3]["noted"] and not board.error
    off = {"index": 0, "before": True} if undo == "uncomment" else fields
    send(board, undo, **off)
    assert not board.tree["nodes"][3]["noted"] and not board.error


def test_the_same_arrow_or_highlight_twice_is_refused() -> None:
    board = StudyWidget(a_study())
    send(board, "goto", node=3)
    send(board, "arrow", element="zone:B", target="zone:A")
    send(board, "highlight", element="troop:Y1")
    assert "already" in refused(board, "arrow", element="zone:B", target="zone:A")
    assert "already" in refused(board, "highlight", element="troop:Y1")
    assert board.node.marks.arrows == [("zone:B", "zone:A")]


def test_what_the_author_wrote_comes_off_again() -> None:
    board = StudyWidget(a_study())
    send(board, "goto", node=3)
    send(board, "comment", text="First.", before=False)
    send(board, "comment", text="Second.", before=False)
    send(board, "glyph", glyph="!")
    send(board, "arrow", element="zone:B", target="zone:A")
    send(board, "highlight", element="troop:Y1")
    assert board.tree["nodes"][3]["noted"]
    send(board, "unglyph", glyph="!")
    send(board, "unarrow", element="zone:B", target="zone:A")
    send(board, "unhighlight", element="troop:Y1")
    send(board, "uncomment", index=0, before=False)
    assert not board.error
    assert board.at["glyphs"] == [] and board.at["arrows"] == [] and board.at["highlights"] == []
    assert [c["text"] for c in board.at["after"]] == ["Second."]
    assert board.tree["nodes"][3]["glyphs"] == []
    assert "not marked" in refused(board, "unglyph", glyph="!")
    assert "no arrow" in refused(board, "unarrow", element="zone:B", target="zone:A")
    assert "not highlighted" in refused(board, "unhighlight", element="troop:Y1")
    assert "no comment 1" in refused(board, "uncomment", index=1, before=False)
    assert "no comment 0" in refused(board, "uncomment", index=0, before=True)
    send(board, "mode", mode="quiz")
    assert "author mode" in refused(board, "uncomment", index=0, before=False)


def test_the_quiz_hides_the_line_tells_wrong_and_right_and_shows() -> None:
    board = StudyWidget(a_study(), quiz=True)
    send(board, "goto", node=3)
    assert board.at["question"] == {"prompt": "What would you acquire?", "asking": True}
    assert "hidden" in refused(board, "walk", way="next")
    wrong = next(
        a["action"]
        for a in board.decision["actions"]
        if a["action"].startswith("acquire") and "gate" not in a["action"]
    )
    send(board, "act", action=wrong)
    assert (
        board.at["verdict"]["right"] is False
        and "Think of the town." in board.at["verdict"]["text"]
    )
    assert moves(board) == FIRST_MOVES[:3]  # the same question again
    send(board, "act", action="acquire gate-warden")
    assert (
        board.at["verdict"]["right"] is True
        and "It guards the town." in board.at["verdict"]["text"]
    )
    assert moves(board) == FIRST_MOVES[:4]
    send(board, "walk", way="prev")
    assert board.at["question"]["asking"] is False  # answered: the lines on are open
    send(board, "mode", mode="quiz")  # asked again from the start
    send(board, "reveal")
    assert moves(board) == FIRST_MOVES[:4] and board.at["verdict"]["text"].startswith("The answer:")


def two_questions() -> Study:
    """``a_study`` with a second question, at the fourth move (pay?)."""
    study = a_study()
    fourth = list(study.chapters[0].main_line())[3]
    fourth.ask("How would you pay?", ["pay gold 1"], why="Gold is what you have.")
    return study


def listed(board: StudyWidget) -> list[list[str]]:
    """The moves of each node the ``tree`` trait lists, from the start."""
    return [n.moves() for n in board.study.chapters[0].nodes() if n in board.session.listed]


def test_the_quiz_shows_no_move_past_a_question_from_anywhere() -> None:
    """From the chapter's start, before the reader reaches the question:
    the tree lists no move past it, and no way leads there."""
    board = StudyWidget(two_questions(), quiz=True)
    nodes = board.tree["nodes"]
    assert len(nodes) == 4 and nodes[3]["question"] and nodes[3]["children"] == []
    assert "acquire gate-warden" not in json.dumps(board.tree)
    send(board, "walk", way="end")  # stops at the question
    assert moves(board) == FIRST_MOVES[:3] and board.at["question"]["asking"]
    send(board, "walk", way="start")
    past = board.study.chapters[0].root.variations[0].variations[0].variations[0].variations[0]
    with pytest.raises(CovilError, match="answer the question first"):
        board.goto(past)
    assert "answer the question first" in refused(board, "jump", step=4)
    assert "not in the tree" in refused(board, "goto", node=4)
    board.goto(board.study.chapters[0].root.variations[0].variations[0].variations[0])
    send(board, "act", action="acquire gate-warden")  # answered: on to the next question
    assert len(board.tree["nodes"]) == 5 and board.tree["nodes"][4]["question"]
    send(board, "walk", way="end")
    assert "answer the question first" in refused(board, "walk", way="next")
    send(board, "reveal")
    assert moves(board) == FIRST_MOVES and len(board.tree["nodes"]) == 6


def test_the_quiz_hides_the_engines_word_past_a_question() -> None:
    study = a_study()
    for node in study.chapters[0].main_line():
        node.assessment = Assessment("yellow", 1.0, 2.0, 0.1, 10, "greedy")
        node.comment("Better: something else.", author="engine")
    author = StudyWidget(study)
    assert sorted(author.review["notes"]) == ["0", "1", "2", "3", "4"]  # where each was decided
    board = StudyWidget(study, quiz=True)
    assert board.review == {}  # no chart, summary nor word while moves are hidden
    send(board, "walk", way="end")  # the quiz stops at the question
    send(board, "reveal")  # its answer shown: nothing is hidden any more
    assert board.review == author.review
    send(board, "mode", mode="quiz")
    assert board.review == {}
    send(board, "mode", mode="author")
    assert board.review == author.review


def test_switching_to_the_quiz_past_a_question_goes_back_to_it() -> None:
    board = StudyWidget(two_questions())
    send(board, "walk", way="end")
    assert listed(board)[-1] == FIRST_MOVES
    send(board, "mode", mode="quiz")
    assert moves(board) == FIRST_MOVES[:3] and board.at["question"]["asking"]
    assert listed(board)[-1] == FIRST_MOVES[:3]
    send(board, "mode", mode="author")  # every move listed again, the board where it was
    assert moves(board) == FIRST_MOVES[:3] and listed(board)[-1] == FIRST_MOVES


@pytest.mark.parametrize(
    ("kind", "fields", "said"),
    [
        ("walk", {"way": "sideways"}, "no way to walk"),
        ("walk", {"way": "prev"}, "no node that way"),
        ("goto", {"node": 99}, "not in the tree"),
        ("comment", {"text": "  ", "before": False}, "empty"),
        ("comment", {"text": "x", "before": 1}, "bool"),
        ("glyph", {"glyph": "!"}, "no move to judge"),
        ("arrow", {"element": "zone:B", "target": "card:gate-warden"}, "not on the map"),
        ("arrow", {"element": "zone:B", "target": "zone:Q"}, "not on the map"),
        ("highlight", {"element": "troop:Z9"}, "no troop"),
        ("promote", {}, "chapter's start"),
        ("remove", {}, "chapter's start"),
        ("reveal", {}, "no question"),
        ("save", {}, "no file"),
        ("mode", {"mode": "chess"}, "no mode"),
        ("chapter", {"chapter": 3}, "not in the study"),
        ("act", {"action": "move Q"}, "'move Q' is not allowed"),
        ("undo", {}, "go back along the line"),
        ("redo", {}, "go back along the line"),
        ("try", {"step": 0}, "play the move"),
        ("return", {}, "play the move"),
    ],
)
def test_a_message_that_does_not_fit_changes_nothing(kind: str, fields: dict, said: str) -> None:
    board = StudyWidget(a_study())
    assert said in refused(board, kind, **fields)


def test_in_quiz_mode_a_move_off_the_tree_and_edits_are_refused() -> None:
    board = StudyWidget(a_study(), quiz=True)
    send(board, "walk", way="next")
    other = next(a["action"] for a in board.decision["actions"] if a["action"] != "lie Y1")
    assert "author mode" in refused(board, "act", action=other)
    assert "author mode" in refused(board, "comment", text="mine", before=True)


def test_a_stale_message_is_refused() -> None:
    board = StudyWidget(a_study())
    board.receive({"kind": "walk", "way": "next", "version": board.version - 1})
    assert "moved on" in board.error["text"] and moves(board) == []


def test_a_game_board_and_its_what_if_line_become_a_study() -> None:
    game = Game.solo(seed=1)
    board = GameWidget(game)
    for action in FIRST_MOVES[:3]:
        board.act(action)
    board.receive({"kind": "try", "step": 1, "version": board.version})
    board.act("lie Y2")
    study = board.as_study("Tried")
    root = study.chapters[0].root
    assert [n.move for n in root.main_line()] == FIRST_MOVES[:3]
    assert [v.move for v in root.variations[0].variations] == ["lie Y1", "lie Y2"]
    with pytest.raises(CovilError):
        StudyWidget(study, chapter=2)


def a_greedy_game(seed: int = 0) -> Game:
    """A whole two-player game between greedy bots (red holds relics early)."""
    game = Game.new(["yellow", "red"], board="A", seed=seed)
    return play(game, {"yellow": make_bot("greedy", seed=1), "red": make_bot("greedy", seed=2)})


def named(text: str, words: set[str]) -> set[str]:
    """The ``words`` (card ids or names) ``text`` names, whole."""
    return {w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)}


def test_hidden_hands_stay_hidden_at_another_seats_decision() -> None:
    """Walking a chapter seen by yellow through red's decisions: no trait the
    page gets names a card of red's hand (not the actions listed, their
    forecasts, the pictures' texts, the log). The tree is the study's own
    moves: each tells what was played, public once played."""
    study = Study.of_game(a_greedy_game(), "Seen by yellow", seat="yellow")
    board = StudyWidget(study)
    checked = listed = 0
    for _ in study.chapters[0].main_line():
        game = board.line.game
        hidden = hidden_cards(game.read_state(), "yellow")
        if game.decider == "red" and hidden:
            words = hidden | {game.cards[c].name for c in hidden}
            state = board.get_state()
            sent = json.dumps({k: v for k, v in state.items() if k != "tree"})
            assert not named(sent, words), (board.node, named(sent, words))
            checked += 1
            listed += len(board.decision["actions"])
            assert "hidden hand" in refused(board, "hint")
            # A move with a card of that hand, and a made-up one: refused in words
            # that name none of its cards.
            for move in (f"activate {min(hidden)}", "activate no-such-relic"):
                told = refused(board, "act", action=move)
                assert not named(told, words), told
        board.walk("next")
    assert checked > 30 and listed > 100  # red's decisions, still offered the rest


def test_an_all_seeing_chapter_lists_every_action() -> None:
    """At red's decisions with relics in hand, every legal action is listed."""
    study = Study.of_game(a_greedy_game(), "All-seeing")
    board = StudyWidget(study)
    compared = 0
    for node in study.chapters[0].main_line():
        game = board.line.game
        if game.decider == "red" and game.player("red").hand:
            listed = {a["action"] for a in board.decision["actions"]}
            assert listed == {str(a) for a in game.legal_actions()}
            compared += 1
        board.goto(node)
    assert compared > 30


def marked_question() -> Study:
    """The first moves' question, with the answer's card highlighted at it
    and an arrow to the town: the author's marks, for after the answer."""
    study = a_study()
    asked = list(study.chapters[0].main_line())[2]
    asked.mark(arrows=[("troop:Y1", "zone:A")], highlights=["card:gate-warden", "zone:A"])
    return study


def test_a_question_puts_no_marks_before_it_is_answered() -> None:
    board = StudyWidget(marked_question(), quiz=True)
    send(board, "goto", node=3)
    assert board.at["question"]["asking"] is True
    assert (board.at["highlights"], board.at["arrows"]) == ([], [])
    drawn = "".join(board.session.sheet.in_use.values())
    assert "data-arrow" not in drawn  # nor on the map: the drawing has none
    send(board, "reveal")
    send(board, "walk", way="prev")  # shown: its marks with it
    assert board.at["highlights"] == ["card:gate-warden", "zone:A"]
    assert board.at["arrows"] == [["troop:Y1", "zone:A"]]
    author = StudyWidget(marked_question())
    send(author, "goto", node=3)
    assert author.at["highlights"] == ["card:gate-warden", "zone:A"]  # the author sees them


def test_a_hint_at_a_question_put_is_its_own_never_the_bots_move() -> None:
    board = StudyWidget(a_study(), quiz=True)
    send(board, "goto", node=3)
    send(board, "hint")
    assert board.hint["text"] == "Think of the town." and "action" not in board.hint
    no_hint = a_study()
    asked = list(no_hint.chapters[0].main_line())[2]
    asked.ask("What would you acquire?", ["acquire gate-warden"], why="It guards the town.")
    bare = StudyWidget(no_hint, quiz=True)
    send(bare, "goto", node=3)
    assert "no hint" in refused(bare, "hint") and "Show me" in bare.error["text"]
    send(bare, "walk", way="prev")  # no question here: the bot's hint
    send(bare, "hint")
    assert bare.hint.get("action")


def test_a_comment_is_sent_as_written_and_as_safe_html() -> None:
    board = StudyWidget(a_study())
    send(board, "walk", way="next")
    send(board, "comment", text="The **Druid** <script>alert(1)</script>", before=False)
    (said,) = board.at["after"]
    assert said["text"] == "The **Druid** <script>alert(1)</script>"
    assert "<strong>Druid</strong>" in said["html"] and "<script>" not in said["html"]


def test_save_says_where_it_wrote_and_without_a_file_how_to_give_one(tmp_path: Path) -> None:
    assert "StudyWidget(study, path=...)" in refused(StudyWidget(a_study()), "save")
    board = StudyWidget(a_study(), path=tmp_path / "first.json")
    send(board, "save")
    assert board.at["saved"] == "first.json"
    send(board, "walk", way="next")
    assert board.at["saved"] == ""  # said once
