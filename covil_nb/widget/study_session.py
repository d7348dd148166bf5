"""A study's logic with no page: its tree walked on the board, and written in.

It walks a :class:`~covil_nb.Study`'s tree on the board and writes in it.

A :class:`StudySession` is a :class:`~.session.BoardSession` whose position
is a node of a chapter: drawn as the board draws a game, through the
chapter's viewpoint (its seat's eyes, or all-seeing), with the node's arrows
and highlights on the map. Two more payloads say where the board is in the
study: ``tree`` (the chapter's tree, shown again only when it changes) and
``at`` (the node shown: its comments, glyphs, marks, question and the quiz's
last word).

As on the game board, every message is checked: one that does not fit is
answered with ``error`` and changes nothing. Playing an action on the board
follows the line that has it; where the study goes elsewhere, it starts a
variation (in author mode) or answers the node's question (in quiz mode,
where the lines on stay hidden until it is answered). Every edit is one call
of the study's own API, made once everything is checked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import ClassVar, Final

from covil_nb import drawing
from covil_nb.analysis import annotate
from covil_nb.bots import Bot
from covil_nb.drawing.marks import check_element
from covil_nb.drawing.page import markdown_html
from covil_nb.model import Action, CovilError, Game
from covil_nb.model.language import Text, tr
from covil_nb.model.views import hand_hidden
from covil_nb.model.words import color_name, short
from covil_nb.study import GLYPHS, Chapter, Comment, Marks, Node, Study, Verdict, Visitor, walk

from . import payloads, protocol, scene
from .review import better_line, engine_line, review_json
from .seats import Seats
from .session import BoardSession

RULE = "study board"
AUTHOR: Final = "author"
QUIZ: Final = "quiz"
WAYS = ("next", "prev", "up", "down", "start", "end")
ANSWER_FIRST = tr("answer the question first: the lines on are hidden until then")

STUDY_FIELDS: dict[str, dict[str, type]] = {
    **protocol.FIELDS,
    "goto": {"node": int},  # a node by its index in the ``tree`` trait
    "walk": {"way": str},  # one of WAYS
    "chapter": {"chapter": int},
    "mode": {"mode": str},  # "author" or "quiz"
    "comment": {"text": str, "before": bool},
    "glyph": {"glyph": str},
    "arrow": {"element": str, "target": str},
    "highlight": {"element": str},
    "promote": {},
    "demote": {},
    "main": {},  # the node's line becomes the main line
    "remove": {},
    "reveal": {},  # the quiz's answer, shown
    "save": {},
    "jump": {"step": int},  # the main line's node after ``step`` moves (a dot of the chart)
    # What the author wrote, taken off again:
    "unglyph": {"glyph": str},
    "unarrow": {"element": str, "target": str},
    "unhighlight": {"element": str},
    "uncomment": {"index": int, "before": bool},  # the index-th comment of the move (or before it)
}


class StudySession(BoardSession):
    """A study's chapter on the board, headless (see the module docstring).

    ``chapter``: the one shown first; ``path``: the file the "save" message
    writes; ``quiz``: start in quiz mode."""

    kinds: ClassVar[dict[str, dict[str, type]]] = STUDY_FIELDS
    record: ClassVar[tuple[str, ...]] = (
        *BoardSession.record,
        "_chapter",
        "_node",
        "_mode",
        "_tries",
        "_verdict",
        "_answered",
        "_listed",
        "_saved",
    )

    def __init__(
        self,
        study: Study,
        chapter: int = 0,
        *,
        path: Path | None = None,
        quiz: bool = False,
        bots: Mapping[str, str | Bot] | None = None,
    ) -> None:
        if not 0 <= chapter < len(study.chapters):
            raise CovilError(
                tr(
                    "chapter {chapter} is not in the study: it has {count}",
                    chapter=chapter,
                    count=len(study.chapters),
                ),
                RULE,
            )
        self.study = study  # the study the board shows and edits
        self.path = path
        self._chapter = study.chapters[chapter]
        self._node = self._chapter.root
        self._mode: payloads.StudyMode = QUIZ if quiz else AUTHOR
        self._tries = 0  # wrong answers to the question shown
        self._verdict: Verdict | None = None
        self._answered: frozenset[Node] = frozenset()  # questions answered (or shown)
        self._listed: list[Node] = []  # the nodes as the ``tree`` payload lists them
        self._saved = ""  # the file just written, said once (the next message clears it)
        super().__init__(self._chapter.root.game(), bots)

    @property
    def node(self) -> Node:
        """The node shown."""
        return self._node

    @property
    def chapter(self) -> Chapter:
        return self._chapter

    @property
    def listed(self) -> list[Node]:
        """The nodes the ``tree`` payload lists, in its order (none past a question put)."""
        return self._listed

    # -- messages ----------------------------------------------------------------------
    def on_act(self, message: protocol.Message) -> None:
        """An action played on the board: the quiz's answer, the line that
        has it, or (in author mode) a new variation."""
        node = self._node
        self._check_seen(message.action)
        if self._asking():
            self._answer(message.action)
            return
        found = self._child(node, message.action)
        if found is None:
            if self._mode != AUTHOR:
                raise CovilError(
                    tr(
                        "the study has no line with that move here: switch to author mode to add "
                        "one"
                    ),
                    RULE,
                )
            found = node.add_variation(self._notation(message.action))
            self._forget_tree()
        self._go(found)

    def on_goto(self, message: protocol.Message) -> None:
        if message.node >= len(self._listed):
            raise CovilError(
                tr(
                    "node {node} is not in the tree: it has {count}",
                    node=message.node,
                    count=len(self._listed),
                ),
                RULE,
            )
        self._visit(self._listed[message.node])

    def on_jump(self, message: protocol.Message) -> None:
        main = [self._chapter.root, *self._chapter.main_line()]
        if message.step >= len(main):
            raise CovilError(
                tr(
                    "the main line has {count} moves: there is no move {step}",
                    count=len(main) - 1,
                    step=message.step,
                ),
                RULE,
            )
        self._visit(main[message.step])

    def on_better(self, message: protocol.Message) -> None:
        """To the end of the analysis's better line for the decision after
        ``step`` moves of the main line (its variation, already in the tree).
        Refused alike for every step while the quiz hides the analysis, so
        that no refusal tells where the engine found a better line."""
        if not self._analysis_shown():
            raise CovilError(ANSWER_FIRST, RULE)
        node, _, line = better_line(self._chapter, message.step)
        for move in line:
            node = next(v for v in node.variations if v.move == move)
        self._visit(node)

    def on_walk(self, message: protocol.Message) -> None:
        if message.way not in WAYS:
            raise CovilError(
                tr(
                    "{way} is no way to walk: one of {ways}",
                    way=repr(message.way),
                    ways=", ".join(WAYS),
                ),
                RULE,
            )
        target = self._walked(message.way)
        if target is None:
            raise CovilError(
                tr("there is no node that way ({way}) from here", way=message.way), RULE
            )
        self._visit(target)

    def on_chapter(self, message: protocol.Message) -> None:
        chapters = self.study.chapters
        if message.chapter >= len(chapters):
            raise CovilError(
                tr(
                    "chapter {chapter} is not in the study: it has {count}",
                    chapter=message.chapter,
                    count=len(chapters),
                ),
                RULE,
            )
        self._chapter = chapters[message.chapter]
        self._node = self._chapter.root
        game = self._node.game()
        self.set_table(game, Seats(game, None))
        self._forget_tree()
        self._go(self._node)

    def on_mode(self, message: protocol.Message) -> None:
        if message.mode not in (AUTHOR, QUIZ):
            raise CovilError(
                tr(
                    "{mode} is no mode: {author} or {quiz}",
                    mode=repr(message.mode),
                    author=AUTHOR,
                    quiz=QUIZ,
                ),
                RULE,
            )
        self._mode = AUTHOR if message.mode == AUTHOR else QUIZ
        self._answered = frozenset()
        self._forget_tree()  # the quiz lists no move past a question put
        self._go(self._first_question() or self._node)

    def on_comment(self, message: protocol.Message) -> None:
        """A comment on the move shown, or (``before``) before it is played."""
        self._authoring(tr("comment"))
        if not message.text.strip():
            raise CovilError(tr("the comment is empty: write something first"), RULE)
        self._node.comment(message.text, before=message.before)
        self._edited()

    def on_glyph(self, message: protocol.Message) -> None:
        self._authoring(tr("mark a move"))
        if self._node.move is None:
            raise CovilError(tr("the chapter's start has no move to judge"), RULE)
        if message.glyph in self._node.glyphs:
            raise CovilError(tr("the move is marked {glyph} already", glyph=message.glyph), RULE)
        self._node.glyph(message.glyph)  # a glyph it does not know, refused
        self._edited()

    def on_arrow(self, message: protocol.Message) -> None:
        self._authoring(tr("draw"))
        start, end = message.element, message.target
        if start == end:
            raise CovilError(tr("an arrow goes from one element to another"), RULE)
        for key in (start, end):
            if key.partition(":")[0] not in scene.MAP_KINDS:
                raise CovilError(
                    tr("{key} is not on the map: an arrow joins its zones and pieces", key=key),
                    RULE,
                )
        if (start, end) in self._node.marks.arrows:
            raise CovilError(
                tr("there is an arrow from {start} to {end} already", start=start, end=end), RULE
            )
        # Drawn first: an element the position cannot draw never gets into the study.
        drawing.pieces_layer(self.line.game, arrows=[(start, end, "focus")])
        self._node.mark(arrows=[(start, end)])
        self._edited()  # the move is noted now

    def on_highlight(self, message: protocol.Message) -> None:
        self._authoring(tr("highlight"))
        check_element(self.line.game, message.element)
        if message.element in self._node.marks.highlights:
            raise CovilError(tr("{element} is highlighted already", element=message.element), RULE)
        self._node.mark(highlights=[message.element])
        self._edited()

    def on_unglyph(self, message: protocol.Message) -> None:
        self._authoring(tr("take a glyph off"))
        if message.glyph not in self._node.glyphs:
            raise CovilError(tr("the move is not marked {glyph}", glyph=repr(message.glyph)), RULE)
        self._node.remove_glyph(message.glyph)
        self._edited()

    def on_unarrow(self, message: protocol.Message) -> None:
        self._authoring(tr("take an arrow off"))
        arrow = (message.element, message.target)
        if arrow not in self._node.marks.arrows:
            raise CovilError(
                tr("there is no arrow from {start} to {end} here", start=arrow[0], end=arrow[1]),
                RULE,
            )
        self._node.unmark(arrows=[arrow])
        self._edited()

    def on_unhighlight(self, message: protocol.Message) -> None:
        self._authoring(tr("take a highlight off"))
        if message.element not in self._node.marks.highlights:
            raise CovilError(tr("{element} is not highlighted here", element=message.element), RULE)
        self._node.unmark(highlights=[message.element])
        self._edited()

    def on_uncomment(self, message: protocol.Message) -> None:
        self._authoring(tr("delete a comment"))
        self._node.uncomment(message.index, before=message.before)  # one it has not, refused
        self._edited()

    def on_promote(self, _message: protocol.Message) -> None:
        self._edit_line(tr("promote"), Node.promote)
        self.publish()

    def on_demote(self, _message: protocol.Message) -> None:
        self._edit_line(tr("demote"), Node.demote)
        self.publish()

    def on_main(self, _message: protocol.Message) -> None:
        self._edit_line(tr("make the main line"), Node.promote_to_main)
        self.publish()

    def on_remove(self, _message: protocol.Message) -> None:
        """The line from the node shown, deleted; the board shows the move before."""
        parent = self._node.parent
        self._edit_line(tr("delete"), Node.remove)
        assert parent is not None  # _edit_line refused the start
        self._go(parent)

    def on_reveal(self, _message: protocol.Message) -> None:
        node = self._node
        if node.question is None or not self._asking():
            raise CovilError(tr("there is no question to show the answer of here"), RULE)
        self._open(node)
        answer = self._child(node, node.question.answers[0]) or node
        self._go(answer, Verdict(True, node.shown()))

    def on_save(self, _message: protocol.Message) -> None:
        if self.path is None:
            raise CovilError(
                tr("this board has no file to save to: open it with StudyWidget(study, path=...)"),
                RULE,
            )
        self.study.save(self.path)
        self._saved = self.path.name
        self.publish()

    def on_analyse(self, _message: protocol.Message) -> None:
        """The engine's view of the chapter's main line, written into it
        (what an analysis wrote there before, replaced)."""
        self._authoring(tr("analyse"))
        if not self._chapter.root.variations:
            raise CovilError(tr("the chapter has no moves to analyse"), RULE)
        annotate(
            self._chapter, self.analysed_seats(), self.analysis_budget, progress=self.progressed
        )
        self.analysis = self.study  # what analyse() returns: the study, its chapter analysed
        self.show(progress={})
        self._forget_tree()
        self._go(_attached(self._node))  # an engine line shown may be gone

    def on_hint(self, message: protocol.Message) -> None:
        """At a question put: its own hint, never the bot's move (which may
        be the answer); elsewhere the board's hint."""
        question = self._node.question
        if question is None or not self._asking():
            super().on_hint(message)
            return
        if not question.hint:
            raise CovilError(tr("this question has no hint: try an answer, or press Show me"), RULE)
        self.answer_hint(question.hint)

    def on_undo(self, _message: protocol.Message) -> None:
        raise CovilError(tr("in a study, go back along the line with ← or the move tree"), RULE)

    on_redo = on_undo

    def on_try(self, _message: protocol.Message) -> None:
        raise CovilError(tr("in a study, play the move you would try: it starts a variation"), RULE)

    on_return = on_try

    # -- the quiz ----------------------------------------------------------------------
    def _asking(self) -> bool:
        """Whether the node shown puts its question to the reader now."""
        return self._asks(self._node)

    def _asks(self, node: Node) -> bool:
        """Whether ``node`` puts its question to the reader (in the quiz,
        until answered or shown): the lines on from it are hidden till then."""
        return self._mode == QUIZ and node.question is not None and node not in self._answered

    def _open(self, node: Node) -> None:
        """``node``'s question answered or shown: the lines on are listed again."""
        self._answered |= {node}
        self._forget_tree()

    def _first_question(self) -> Node | None:
        """The first question put on the way to the node shown (the quiz
        shows no node past it), or None."""
        path = [*reversed(list(_ancestors(self._node)))]
        return next((node for node in path if self._asks(node)), None)

    def _answer(self, action: str) -> None:
        """The reader's answer: right, on to the line it starts; else why
        not, and the same question again."""
        node = self._node
        refusal = self.line.game.refusal(action)
        if refusal is not None:
            raise refusal  # not even a legal answer: the rules say why
        verdict = node.answer(self._notation(action), tries=self._tries + 1)
        if not verdict.right:
            self._tries += 1
            self._verdict = verdict
            self.publish()
            return
        self._open(node)
        self._go(self._child(node, action) or node, verdict)

    def _hidden(self, node: Node) -> bool:
        """Whether ``node`` lies past a question the reader has not answered
        (any question above it, not only the one shown)."""
        return any(self._asks(above) for above in _ancestors(node))

    # -- helpers -----------------------------------------------------------------------
    def _visit(self, node: Node) -> None:
        """Show ``node``, unless it lies past a question still put."""
        if self._hidden(node):
            raise CovilError(ANSWER_FIRST, RULE)
        self._go(node)

    def analysed_seats(self) -> list[str] | None:
        """The chapter's seat (an analysis of another seat would tell its
        hand in the engine's lines), else every seat people play."""
        seat = self._chapter.seat
        return [seat] if seat is not None else super().analysed_seats()

    def _go(self, node: Node, verdict: Verdict | None = None) -> None:
        """Show ``node``'s position, with the quiz's ``verdict`` that led there."""
        self.follow(self._game_of(node))
        self._node = node
        self._tries = 0
        self._verdict = verdict
        self.publish()

    def _game_of(self, node: Node) -> Game:
        """``node``'s position: from the one shown when it is a step away
        (stepping through a line replays no more than a move), else replayed."""
        here = self._node
        if node.parent is here and node.move is not None and here.chapter is self._chapter:
            game = self.line.game.at(len(self.line.game.history))
            game.apply(node.move)
            return game
        if here.parent is node and here.chapter is node.chapter:
            return self.line.game.at(len(self.line.game.history) - 1)
        return node.game()

    def _walked(self, way: str) -> Node | None:
        node = self._node
        siblings = node.parent.variations if node.parent is not None else [node]
        at = siblings.index(node)
        ways: dict[str, Callable[[], Node | None]] = {
            "next": lambda: node.variations[0] if node.variations else None,
            "prev": lambda: node.parent,
            "up": lambda: siblings[at - 1] if at > 0 else None,
            "down": lambda: siblings[at + 1] if at + 1 < len(siblings) else None,
            "start": lambda: self._chapter.root,
            "end": lambda: self._last(node),
        }
        found = ways[way]()
        return None if found is node else found

    def _last(self, node: Node) -> Node:
        """The end of the line ``node`` is on; in the quiz, the first
        question put along it (the moves past it are hidden)."""
        line = [node, *node.main_line()]
        return next((n for n in line if self._asks(n)), line[-1])

    def _child(self, node: Node, action: str) -> Node | None:
        notation = self._notation(action)
        return next((v for v in node.variations if v.move == notation), None)

    def _notation(self, action: str) -> str:
        """``action`` as the game writes it (a study stores that notation)."""
        try:
            return str(Action.parse(action))
        except CovilError:
            return action  # the rules say what is wrong when it is played

    def _authoring(self, wish: Text) -> None:
        if self._mode != AUTHOR:
            raise CovilError(tr("switch to author mode to {wish}", wish=wish), RULE)

    def _edit_line(self, wish: Text, edit: Callable[[Node], None]) -> None:
        """``edit`` the line of the node shown (not the chapter's start)."""
        self._authoring(wish)
        if self._node.parent is None:
            raise CovilError(
                tr("the chapter's start is no line to {wish}: go to a move first", wish=wish), RULE
            )
        edit(self._node)
        self._forget_tree()

    def index(self, node: Node) -> int:
        if node.chapter is self._chapter and self._hidden(node):
            raise CovilError(ANSWER_FIRST, RULE)
        try:
            return self._listed.index(node)
        except ValueError:
            raise CovilError(
                tr("{node} is not in the chapter shown", node=repr(node)), RULE
            ) from None

    def review_is_stale(self) -> bool:
        return False  # the review is the chapter's, whichever node is shown

    def viewer(self, game: Game) -> str | None:
        """The chapter's viewpoint: its seat's eyes, or all-seeing."""
        return self._chapter.seat

    def _check_seen(self, action: str) -> None:
        """At the decision of a seat whose hand the chapter's seat cannot
        see, only the moves the page was offered are taken, and any other is
        refused in words that tell nothing of that hand (the rules' own
        refusal would list its cards)."""
        game = self.line.game
        decider = game.decider
        if decider is None or not hand_hidden(game.read_state(), decider, self.viewer(game)):
            return
        if str(action) not in {str(a) for a in self.offered()}:
            raise CovilError(
                tr(
                    "that is not one of the moves {seat} can see {decider} make here",
                    seat=color_name(self._chapter.seat or ""),
                    decider=color_name(decider),
                ),
                RULE,
            )

    def _marks(self) -> Marks:
        """The node's marks; none at a question put (a highlight there may
        be the answer): they show once it is answered or shown."""
        return Marks() if self._asking() else self._node.marks

    def moved(self) -> scene.Moved:
        """The node's marks: its arrows and its highlights on the map; and
        the analysis's better line for the decision made here, where the
        board shows the analysis."""
        marks = self._marks()
        arrows = tuple((a, b, "focus") for a, b in marks.arrows)
        rings = {k: "focus" for k in marks.highlights if k.partition(":")[0] in scene.MAP_KINDS}
        line = engine_line(self._node, self.line.game) if self._analysis_shown() else []
        if not line:
            return arrows, rings
        (drawn, ringed), _ = scene.foreseen(self.line.game, line)
        return (*arrows, *drawn), {**ringed, **rings}

    def said(self) -> str:
        """Where the study is, in a line (a widget's repr)."""
        moves = " ".join(self._node.moves()[-3:])
        at = tr("at {moves}", moves=moves) if moves else tr("at the start")
        mode = tr("author mode") if self._mode == AUTHOR else tr("quiz mode")
        title = self.study.title or str(tr("a study"))
        said = tr(
            "{study}, chapter {chapter}, {at} ({mode})",
            study=repr(title),
            chapter=repr(self._chapter.title),
            at=at,
            mode=mode,
        )
        return str(said)

    # -- the traits ---------------------------------------------------------------------
    def _forget_tree(self) -> None:
        self._listed = []  # listed again at the next _publish

    def _edited(self) -> None:
        """After an edit of the node shown: the tree listed again, and shown."""
        self._forget_tree()
        self.publish()

    def publish(self) -> None:
        with self.held():
            if not self._listed:
                self._listed = list(self._chapter.nodes(stop=self._asks))
                self.show(tree=self._tree_json(), review=self._review_json())
            self.show(at=self._at_json())
            self._saved = ""
            super().publish()

    def speak(self) -> None:
        self._forget_tree()  # its texts too, in the new language
        super().speak()

    def _tree_json(self) -> payloads.StudyTree:
        index = {node: i for i, node in enumerate(self._listed)}
        players = _players(self._chapter)
        return {
            "title": self.study.title,
            "chapters": [c.title for c in self.study.chapters],
            "chapter": self.study.chapters.index(self._chapter),
            "seat": self._chapter.seat,
            "description": self._chapter.description,
            "glyphs": list(GLYPHS),
            "saves": self.path is not None,
            "nodes": [_node_json(n, *players.get(n, ("", "")), index) for n in self._listed],
        }

    def _review_json(self) -> payloads.Review | payloads.Empty:
        """The chapter's analysis, where the board shows it."""
        return review_json(self._chapter) if self._analysis_shown() else {}

    def _analysis_shown(self) -> bool:
        """Whether the board shows the chapter's analysis: not while the quiz
        hides moves of its main line (the chart's dots past a question,
        their values and glyphs, the summary's counts and the better lines
        there would tell the answer)."""
        listed = set(self._listed)
        return all(node in listed for node in self._chapter.main_line())

    def _at_json(self) -> payloads.StudyAt:
        node, verdict = self._node, self._verdict
        question = node.question
        asking = self._asking()
        marks = self._marks()
        return {
            "node": self._listed.index(node) if self._listed else 0,
            "mode": self._mode,
            "before": [_comment_json(c) for c in node.before],
            "after": [_comment_json(c) for c in node.after],
            "glyphs": list(node.glyphs),
            "arrows": [list(a) for a in marks.arrows],
            "highlights": list(marks.highlights),
            "question": None if question is None else {"prompt": question.prompt, "asking": asking},
            "verdict": None if verdict is None else {"right": verdict.right, "text": verdict.text},
            "tries": self._tries,
            "main": node.is_main_line(),
            "saved": self._saved,  # the file written by this message's save, or ""
            # Its index along the main line (the chart's dots name it), or None.
            "line": len(node.moves()) if node.is_main_line() else None,
        }


def _node_json(node: Node, player: str, said: str, index: dict[Node, int]) -> payloads.StudyNode:
    return {
        "move": node.move,
        "said": said,  # the move in words, in the board's language ("Lie down Y1")
        "player": player,
        "glyphs": list(node.glyphs),
        "children": [index[v] for v in node.variations if v in index],  # not the hidden
        "noted": node.noted,
        "question": node.question is not None,
        "by": node.by,  # "engine": the first move of a line an analysis added
    }


def _comment_json(comment: Comment) -> payloads.StudyComment:
    """The comment as written, and its Markdown as HTML (its own raw HTML
    escaped: the page inserts this, and only this)."""
    return {"text": comment.text, "author": comment.author, "html": markdown_html(comment.text)}


class _Movers(Visitor):
    """Who played each node's move, and the move as its label says it ("Lie
    down Y1"), read as the study reads its chapters."""

    def __init__(self) -> None:
        self.who: dict[Node, tuple[str, str]] = {}

    def node(self, node: Node, before: Game, after: Game) -> None:
        label = short(str(before.explain(node.move))) if node.move else ""
        self.who[node] = (before.decider or "", label)


def _players(chapter: Chapter) -> dict[Node, tuple[str, str]]:
    movers = _Movers()
    walk(chapter, movers)
    return movers.who


def _attached(node: Node) -> Node:
    """``node``, or its nearest ancestor still in the tree (a line removed
    keeps its nodes' links up)."""
    found = node
    while node.parent is not None:
        if node not in node.parent.variations:
            found = node.parent  # the highest line removed wins: it is met last
        node = node.parent
    return found


def _ancestors(node: Node) -> Iterator[Node]:
    while node.parent is not None:
        node = node.parent
        yield node
