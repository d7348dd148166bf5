"""Studies (issue 20, first part): a tree of decisions from a position, with
comments, glyphs and marks, edited in the manner of python-chess's pgn module;
its file round-trips exactly, and a malformed file or an illegal action is
refused naming the chapter and the node, with no half-loaded study."""

from __future__ import annotations

import json
import random
import re

import pytest

from covil_nb import CovilError, CovilTypeError, Game, Study
from covil_nb.model.playthrough import random_game
from covil_nb.study import Chapter, Comment, Node


def a_study() -> Study:
    """A random game's main line, with variations, comments, glyphs and marks."""
    game = random_game(Game.new(["yellow", "red"], seed=5), 5, 30)
    study = Study.of_game(game, "Game 5", seat="yellow")
    chapter = study.chapters[0]
    chooser = random.Random(1)
    for node in list(chapter.nodes())[::4]:  # alternatives along the main line
        options = [
            str(a)
            for a in node.game().legal_actions()
            if str(a) not in {v.move for v in node.variations}
        ]
        if options:
            branch = node.add_variation(chooser.choice(options))
            branch.comment("Also possible: *look* at the gold.", author="teacher")
            branch.glyph("?!")
    second = chapter.root.variations[0].variations[0]
    second.comment("Before it: think of the town.", before=True)
    second.glyph("!")
    second.mark(arrows=[("zone:B", "zone:F")], highlights=["troop:Y1"])
    study.add_chapter("From the start", Game.new(["yellow", "red"], seed=9))
    return study


def shape(study: Study) -> list:
    """What a study says, node by node: enough to tell two studies apart."""
    return [
        (
            c.title,
            c.seat,
            [
                (n.path(), n.move, n.before, n.after, n.glyphs, n.marks.arrows, n.marks.highlights)
                for n in c.nodes()
            ],
        )
        for c in study.chapters
    ]


def test_a_game_opens_as_a_study_whose_main_line_is_its_record():
    game = random_game(Game.new(["yellow", "red"], seed=5), 5, 30)
    chapter = Study.of_game(game).chapters[0]
    assert [n.move for n in chapter.main_line()] == game.history
    last = list(chapter.main_line())[-1]
    assert last.game().state == game.state and last.is_main_line()


def test_a_study_round_trips_through_its_file_exactly(tmp_path):
    study = a_study()
    path = study.save(tmp_path / "game5.covil-study.json")
    again = Study.load(path)
    assert shape(again) == shape(study)
    assert again.to_json() == study.to_json()


def test_editing_the_tree():
    chapter = Chapter.of("Editing", Game.new(["yellow", "red"], seed=2))
    root = chapter.root
    a, b, c = (root.add_variation(m) for m in ("start H", "start I", "start J"))
    assert [n.move for n in root.variations] == ["start H", "start I", "start J"]
    c.promote()
    assert [n.move for n in root.variations] == ["start H", "start J", "start I"]
    b.promote_to_main()
    assert root.variations[0] is b and b.is_main_line() and not a.is_main_line()
    b.demote()
    assert root.variations.index(b) == 1
    a.remove()
    assert a not in root.variations
    assert chapter.add_line(["start J"]) is c  # a line already there is followed
    with pytest.raises(CovilError, match=r"node \[\].*'start Z'"):
        root.add_variation("start Z")
    with pytest.raises(CovilError, match="already"):
        root.add_variation("start J")


def mutations(text: str) -> list[tuple[str, str]]:
    data = json.loads(text)
    out = []

    def changed(edit, match):
        copy = json.loads(text)
        edit(copy)
        out.append((json.dumps(copy), match))

    changed(lambda d: d.update(format="pgn"), r"\$\.format")
    changed(lambda d: d.update(version=2), r"\$\.version")
    changed(lambda d: d.update(extra=1), "unknown field")
    changed(
        lambda d: d["chapters"][0]["line"][3].update(move="start Q"), r"chapters\[0\]\.line\[3\]"
    )
    changed(lambda d: d["chapters"][0]["line"][1].update(glyphs=["?!?"]), "no glyph")
    changed(lambda d: d["chapters"][0]["line"][1].update(arrows=[["zone:B"]]), "arrow")
    changed(lambda d: d["chapters"][0].update(seat="purple"), "viewpoint")
    changed(lambda d: d["chapters"][0]["line"][2].update(move=7), r"line\[2\]\.move")
    assert data["chapters"][0]["line"]
    return out


def test_a_malformed_or_illegal_study_file_is_refused_naming_where():
    text = a_study().to_json()
    for bad, match in mutations(text):
        with pytest.raises(CovilError, match=match):
            Study.from_json(bad)
    with pytest.raises(CovilError, match=r"JSON"):
        Study.from_json(text[:-40])


def test_wrong_types_are_refused_with_the_argument_named():
    study = Study("types")
    chapter = study.add_chapter("c", Game.new(["yellow", "red"], seed=1))
    calls = [
        (lambda: chapter.root.add_variation(5), "Node.add_variation: move must be text"),
        (lambda: chapter.root.comment(None), "Node.comment: text must be text"),
        (lambda: chapter.root.mark(arrows=[("zone:A",)]), "Node.mark: arrows must be"),
        (lambda: Study.load(5), "Study.load: path must be"),
        (lambda: study.add_chapter("t", "game"), "Study.add_chapter: game must be a Game"),
    ]
    for call, said in calls:
        with pytest.raises(CovilTypeError, match=said):
            call()
    assert [n.move for n in chapter.nodes()] == [None]  # nothing was added


def test_a_question_tells_right_wrong_and_the_answer_and_round_trips():
    chapter = Chapter.of("Quiz", Game.new(["yellow", "red"], seed=2))
    node = chapter.root
    node.ask(
        "Where do you build your fortress?",
        ["start H"],
        why="From H, every terrain is one step away.",
        hint="Count the terrains one step away.",
        wrong={"start I": "From I, no desert is one step away."},
    )
    right = node.answer("start H")
    assert right.right and "every terrain is one step away" in right.text
    told = node.answer("start I")
    assert not told.right and "no desert is one step away" in told.text
    first, second = node.answer("start J"), node.answer("start J", tries=2)
    assert "Count the terrains" in first.text and "Count the terrains" not in second.text
    assert node.shown() == (
        "The answer: Place the fortress and 2 troops in zone H. "
        "From H, every terrain is one step away."
    )
    study = Study("Quiz")
    study.chapters.append(chapter)
    again = Study.from_json(study.to_json())
    assert again.chapters[0].root.question == node.question


def test_a_question_whose_answer_is_illegal_is_refused():
    node = Chapter.of("Quiz", Game.new(["yellow", "red"], seed=2)).root
    with pytest.raises(CovilError, match="not a legal action"):
        node.ask("Where?", ["lie Y1"])
    with pytest.raises(CovilError, match="needs an accepted answer"):
        node.ask("Where?", [])
    assert node.question is None


def test_what_an_analysis_wrote_can_be_cleared():
    from covil_nb.study import ENGINE, Assessment

    study = a_study()
    node = list(study.chapters[0].main_line())[2]
    node.comment("kept", author="teacher")
    node.comment("the engine's", author=ENGINE)
    node.glyph("?")
    node.assessment = Assessment("yellow", 0.5, 3.0, 0.3, 200, "mcts", "?", marked=True)
    kept = node.parent
    kept.glyph("!")  # the author's, and then the engine's verdict too: it stays the author's
    kept.assessment = Assessment("yellow", 1.0, 1.0, 0.1, 200, "mcts", "", marked=False)
    line = node.parent.add_variation(
        next(str(a) for a in node.parent.game().legal_actions() if str(a) != node.move)
    )
    line.by = ENGINE
    line.comment("an author's word on the engine's line")  # it goes with the line
    again = Study.from_json(study.to_json())
    assert shape(again) == shape(study)
    study.clear_engine()
    assert "an author's word" not in study.to_json()
    assert [c.text for c in node.after] == ["kept"] and node.glyphs == []
    assert node.assessment is None and line not in node.parent.variations
    assert kept.glyphs == ["!"] and kept.assessment is None


def test_a_study_reads_as_text_in_the_order_of_its_lines():
    study = a_study()
    text = study.text()
    chapter = study.chapters[0]
    game = chapter.start_game()
    at = 0
    for node in chapter.main_line():  # each move's words, in the main line's order
        label = game.explain(node.move)
        at = text.index(label, at)
        game.apply(node.move)
    assert "{Also possible: *look* at the gold.} (teacher)" in text
    assert "== From the start (all-seeing) ==" in text


def test_a_study_page_draws_the_annotated_positions_and_escapes_what_it_is_told(tmp_path):
    study = a_study()
    chapter = study.chapters[0]
    node = list(chapter.main_line())[4]
    node.comment("**Look** at B. <script>alert('x')</script>", author="teacher")
    node.ask("What would you play?", [str(node.game().legal_actions()[0])], why="It is best.")
    page = study.export_html(tmp_path / "study.html").read_text()
    assert "<script>" not in page and "&lt;script&gt;" in page and "<strong>Look</strong>" in page
    assert "<details><summary>Show the answer</summary>" in page
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page)  # nothing fetched
    # A picture at each chapter's start (2) and wherever the author says
    # something: the 8 lines a_study() comments, its second move (a comment
    # before it, a glyph, marks), and the move with this question.
    assert page.count("<figure>") == 2 + 8 + 1 + 1
    assert f'data-path="{".".join(map(str, node.path()))}"' in page


def test_a_study_page_keeps_hidden_hands_hidden():
    game = random_game(Game.new(["yellow", "red"], seed=5), 5, 40)
    hidden = list(game.state.player("red").hand)
    assert hidden, "the test needs a relic in red's hand"
    seen_by_yellow = Study.of_game(game, seat="yellow")
    all_seeing = Study.of_game(game)
    for study in (seen_by_yellow, all_seeing):
        list(study.chapters[0].main_line())[-1].comment("The end.")
    names = {game.cards.relic(c).name for c in hidden}
    assert not any(name in seen_by_yellow.to_html() for name in names)
    assert all(name in all_seeing.to_html() for name in names)


def test_glyphs_marks_and_comments_come_off_as_they_went_on():
    node = Chapter.of("Edits", Game.new(["yellow", "red"], seed=2)).root.add_variation("start H")
    node.glyph("!")
    node.glyph("!?")
    node.mark(arrows=[("zone:H", "zone:A"), ("zone:H", "zone:C")], highlights=["zone:H"])
    node.comment("first")
    node.comment("second")
    node.remove_glyph("!")
    node.remove_glyph("??")  # not there: nothing happens
    node.unmark(arrows=[("zone:H", "zone:A")], highlights=["zone:H"])
    assert node.uncomment(0) == Comment("first")
    assert node.glyphs == ["!?"] and node.marks.arrows == [("zone:H", "zone:C")]
    assert node.marks.highlights == [] and [c.text for c in node.after] == ["second"]
    with pytest.raises(CovilError, match="no comment 3"):
        node.uncomment(3)
    assert [c.text for c in node.after] == ["second"]


def test_a_games_save_opens_as_a_study(tmp_path):
    game = random_game(Game.new(["yellow", "red"], seed=5), 5, 30)
    study = Study.load(game.save(tmp_path / "game.json"))
    assert [n.move for n in study.chapters[0].main_line()] == game.history
    broken = json.loads((tmp_path / "game.json").read_text())
    broken["actions"][3] = "start Q"
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    with pytest.raises(CovilError, match="start Q"):
        Study.load(tmp_path / "broken.json")


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ({"seat": "purple"}, "not a seat of the game"),
        ({"error": -1.0}, "never negative"),
        ({"playouts": 0}, "fewer than 1"),
        ({"glyph": "??"}, "earns '\\?!'"),
        ({"marked": True, "glyph": "?!"}, "does not carry"),
    ],
)
def test_an_assessment_that_cannot_be_is_refused(change, refusal):
    from covil_nb.study import Assessment

    study = a_study()
    node = list(study.chapters[0].main_line())[2]
    node.assessment = Assessment("yellow", 0.5, 2.0, 0.3, 200, "mcts", "?!", marked=False)
    data = json.loads(study.to_json())
    entry = data["chapters"][0]["line"][2]
    assert "engine" in entry
    entry["engine"].update(change)
    with pytest.raises(CovilError, match=refusal):
        Study.from_json(json.dumps(data))


def test_unknown_notes_of_a_chapter_are_refused():
    data = json.loads(a_study().to_json())
    data["chapters"][0]["notes"] = {"before": [], "bogus": 1}
    with pytest.raises(CovilError, match="unknown field 'bogus'"):
        Study.from_json(json.dumps(data))


def test_a_line_with_an_illegal_move_adds_nothing_and_says_where():
    study = a_study()
    chapter = study.chapters[0]
    before = study.to_json()
    deep = list(chapter.main_line())[20]
    with pytest.raises(CovilError, match=r"node \[0\*21\]: 'start Q' is not allowed"):
        chapter.add_line([str(deep.game().legal_actions()[0]), "start Q"], at=deep)
    assert study.to_json() == before


def test_a_study_shown_without_the_engine_keeps_the_authors_notes():
    from covil_nb.study import ENGINE, Assessment

    study = a_study()
    node = list(study.chapters[0].main_line())[2]
    node.comment("the engine's word", author=ENGINE)
    node.glyph("?!")
    node.assessment = Assessment("yellow", 0.5, 2.0, 0.3, 200, "mcts", "?!", marked=True)
    plain = study.without_engine()
    assert "the engine's word" in study.text() and "the engine's word" not in plain.text()
    assert "engine:" not in plain.to_html() and "Also possible" in plain.to_html()
    assert node.assessment is not None  # the study itself keeps them


def test_nodes_stop_at_a_node_and_list_the_other_lines() -> None:
    chapter = a_study().chapters[0]
    second = chapter.root.variations[0].variations[0]
    every = list(chapter.nodes())
    kept = list(chapter.nodes(stop=lambda node: node is second))
    assert second in kept and len(kept) < len(every)
    assert [n for n in every if n is second or second not in _above(n)] == kept


def _above(node: Node) -> list[Node]:
    found = []
    while node.parent is not None:
        node = node.parent
        found.append(node)
    return found
