"""Random study trees (issue 20): any tree a teacher can build with the
editing calls (variations, comments, glyphs, marks, promotions, removals)
saves and loads back exactly, and a file with one of its moves changed to
another action is refused or, when the action is legal there, read as that."""

from __future__ import annotations

from hypothesis import assume, event, given
from hypothesis import strategies as st

from covil_nb import CovilError, Game, Study
from covil_nb.study import GLYPHS, Assessment, glyph_for

from .profile import examples

EDITS = ("add",) * 6 + (
    "comment",
    "glyph",
    "mark",
    "ask",
    "assess",
    "by",
    "promote",
    "demote",
    "remove",
)
WORDS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)


def tree(data: st.DataObject) -> Study:
    """A study whose chapter grew by random edits from a new game."""
    study = Study("random")
    chapter = study.add_chapter(
        "random", Game.new(["yellow", "red"], seed=data.draw(st.integers(0, 9)))
    )
    for _ in range(data.draw(st.integers(10, 40))):
        nodes = list(chapter.nodes())
        node = data.draw(st.sampled_from(nodes))
        edit = data.draw(st.sampled_from(EDITS))
        if edit == "add":
            taken = {v.move for v in node.variations}
            legal = [str(a) for a in node.game().legal_actions() if str(a) not in taken]
            if legal:
                node.add_variation(data.draw(st.sampled_from(legal)))
        elif edit == "comment":
            node.comment(
                data.draw(WORDS),
                data.draw(st.sampled_from(["", "teacher", "engine"])),
                data.draw(st.booleans()),
            )
        elif edit == "glyph":
            node.glyph(data.draw(st.sampled_from(GLYPHS)))
        elif edit == "mark":
            node.mark(
                arrows=[("zone:A", "zone:B")],
                highlights=[data.draw(st.sampled_from(["zone:C", "troop:Y1"]))],
            )
        elif edit == "ask":
            legal = [str(a) for a in node.game().legal_actions()]
            node.ask(data.draw(WORDS), [data.draw(st.sampled_from(legal))], why=data.draw(WORDS))
        elif edit == "assess":
            node.assessment = assessment(data, node.glyphs)
        elif edit == "by":
            node.by = data.draw(st.sampled_from(["", "engine"]))
        elif node.parent is not None:
            getattr(node, edit)()
    return study


def assessment(data: st.DataObject, glyphs: list[str]) -> Assessment:
    """A verdict as an analysis writes one: its glyph the one its loss earns."""
    played, best = data.draw(st.floats(-20, 20)), data.draw(st.floats(-20, 20))
    error = data.draw(st.floats(0, 3))
    glyph = glyph_for(max(0.0, best - played), error)
    marked = bool(glyph) and glyph in glyphs
    seat = data.draw(st.sampled_from(["yellow", "red"]))
    return Assessment(
        seat, played, best, error, data.draw(st.integers(1, 999)), "mcts", glyph, marked
    )


def described(study: Study) -> list:
    return [
        (n.path(), n.move, n.before, n.after, n.glyphs, n.marks, n.question, n.assessment, n.by)
        for c in study.chapters
        for n in c.nodes()
    ]


@examples(20, 300)
@given(st.data())
def test_random_study_trees_round_trip(data: st.DataObject) -> None:
    study = tree(data)
    event(f"{sum(1 for _ in study.chapters[0].nodes()) // 5 * 5}+ nodes")
    text = study.to_json()
    again = Study.from_json(text)
    assert described(again) == described(study)
    assert again.to_json() == text


@examples(10, 200)
@given(st.data())
def test_a_file_with_a_move_changed_is_refused_or_read_as_written(data: st.DataObject) -> None:
    study = tree(data)
    moved = [n for n in study.chapters[0].nodes() if n.move is not None]
    assume(moved)
    node = data.draw(st.sampled_from(moved))
    other = data.draw(
        st.sampled_from(["end", "pass", "start H", "move D", "lie Y1", "gold", "start Z"])
    )
    assume(other != node.move)
    text = study.to_json().replace(f'"move": "{node.move}"', f'"move": "{other}"', 1)
    assert text != study.to_json()  # a move really changed
    try:
        again = Study.from_json(text)
    except CovilError as exc:
        assert "$.chapters[0]" in exc.message
        return
    assert again.to_json() == text  # read as written: every move legal where it stands
