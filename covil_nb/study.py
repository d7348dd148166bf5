"""Studies: annotated games and positions that teach.

A :class:`Study` is a list of chapters; a :class:`Chapter` starts from a
position (a game record: a new game, or any moment of a saved one) and holds
a tree of decisions, in the manner of python-chess's ``pgn`` module: each
:class:`Node` is the action played to reach it, its ``variations[0]`` is the
main line on, and the others are the alternatives. A node stores its action,
not its position: the position is replayed from the chapter's start
(:meth:`Node.game`), so the tree stays small and every action in it is one
the rules allow.

A node carries comments (Markdown, each with its author: a person, or
``"engine"`` so that engine comments can be told apart), glyphs (``!``, ``?``,
``!!``, ``??``, ``!?``, ``?!``), marks on the board (arrows between
elements, highlighted elements, in ``draw``'s vocabulary: ``zone:D``,
``troop:Y1``, ``card:<id>``), a :class:`Question` put to the reader at its
position (the quiz), and an :class:`Assessment`, the engine's view of the
decision that led to it (:func:`covil_nb.analyse`). A chapter has a
viewpoint: the seat the reader sits in, or none for all-seeing.

A study is saved as one JSON file (``docs/studies.md`` specifies it): a line
of play is a list of nodes, and a node's alternatives are lines beside it, so
the file nests with the variations, not with the length of a game.
:meth:`Study.load` checks everything, replays every action in its position,
and builds the study only once all of it holds: a malformed file, or an
action the rules refuse, raises :class:`CovilError` naming the chapter and
the node, and nothing is half loaded.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from itertools import groupby
from pathlib import Path
from typing import Any

from covil_nb.bots.search import NOISE  # a loss is told only beyond this many standard errors
from covil_nb.drawing import Picture, draw
from covil_nb.drawing.page import BODY, STYLE, comment_html, escaped, markdown_html
from covil_nb.model import CovilError, Game, codec
from covil_nb.model.arguments import checked
from covil_nb.model.errors import said
from covil_nb.model.language import Number, Text, language, ntr, tr
from covil_nb.model.saves import SAVE_FORMAT
from covil_nb.model.words import color_name, phase_name, short

FORMAT = "covil-study"
VERSION = 1
RULE = "study file"
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
ENGINE = "engine"  # the author of what an analysis writes

# The glyphs' thresholds, in VP of expected margin lost. Between greedy bots
# a clear loss (beyond the noise) is a third of the decisions, most under
# 1 VP: an inaccuracy is a VP or more, a mistake two, a blunder four (nearly
# a standing fortress's 5 VP), two of fifty decisions in a greedy game.
INACCURACY = 1.0
MISTAKE = 2.0
BLUNDER = 4.0


@dataclass(frozen=True)
class Comment:
    """A comment, in Markdown, and who wrote it ("" for the study's author)."""

    text: str
    author: str = ""


@dataclass
class Marks:
    """What a node draws on the board: arrows from one element to another,
    and highlighted elements (``"zone:D"``, ``"troop:Y1"``, ``"card:<id>"``)."""

    arrows: list[tuple[str, str]] = field(default_factory=list)
    highlights: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Question:
    """ "What would you play here?", asked at a node's position: the accepted
    ``answers`` (actions in the game's notation), ``why`` they are right, a
    ``hint`` for a second try, and what to say of a tempting ``wrong`` answer
    (by its action)."""

    prompt: str
    answers: tuple[str, ...]
    why: str = ""
    hint: str = ""
    wrong: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Verdict:
    """What a quiz says of an answer: ``right`` or not, and the words."""

    right: bool
    text: str


@dataclass(frozen=True)
class Assessment:
    """The engine's view of the decision that led to a node, from what its
    ``seat`` knew then: the expected margin (its VP less the best rival's, at
    the end of the day) after the option ``played`` and after the ``best``
    one found, the standard ``error`` of their difference, the ``playouts``
    behind each, and the bot ``by`` which they were played out. ``glyph`` is
    the analysis's verdict ("" for none); ``marked``, whether the analysis
    put it among the node's glyphs (not when the author had given it), so
    that :meth:`Node.clear_engine` takes off only what the engine put on."""

    seat: str
    played: float
    best: float
    error: float
    playouts: int
    by: str
    glyph: str = ""
    marked: bool = False

    @property
    def loss(self) -> float:
        """What the option played gave up against the best, in VP (never below 0)."""
        return max(0.0, self.best - self.played)


def glyph_for(loss: float, error: float) -> str:
    """The glyph a loss of ``loss`` VP earns, with a standard error of ``error``."""
    if loss <= NOISE * error:
        return ""
    for threshold, glyph in ((BLUNDER, "??"), (MISTAKE, "?"), (INACCURACY, "?!")):
        if loss >= threshold:
            return glyph
    return ""


@checked(RULE)
class Node:
    """A decision of a chapter: the action played to reach it (``None`` at
    the chapter's start), what is said of it, and the lines on from it."""

    def __init__(self, chapter: Chapter, parent: Node | None, move: str | None) -> None:
        self.chapter = chapter
        self.parent = parent
        self.move = move
        self.variations: list[Node] = []  # [0] is the main line on
        self.before: list[Comment] = []  # said before the move is played
        self.after: list[Comment] = []  # said of the move, once played
        self.glyphs: list[str] = []
        self.marks = Marks()
        self.question: Question | None = None
        self.assessment: Assessment | None = None
        self.by = ""  # who added the line this node starts ("engine": an analysis)

    def __repr__(self) -> str:
        return f"<Node {self.move or 'start'} at {self.path()}>"

    # -- where it is ------------------------------------------------------------------
    def path(self) -> list[int]:
        """The variation indices from the chapter's start to this node."""
        path: list[int] = []
        node = self
        while node.parent is not None:
            path.append(node.parent.variations.index(node))
            node = node.parent
        return path[::-1]

    def moves(self) -> list[str]:
        """The actions from the chapter's start to this node."""
        moves: list[str] = []
        node: Node | None = self
        while node is not None and node.move is not None:
            moves.append(node.move)
            node = node.parent
        return moves[::-1]

    def game(self) -> Game:
        """The position at this node, replayed from the chapter's start."""
        game = self.chapter.start_game()
        for move in self.moves():
            game.apply(move)
        return game

    def main_line(self) -> Iterator[Node]:
        """The nodes after this one along the main line."""
        node = self
        while node.variations:
            node = node.variations[0]
            yield node

    @property
    def noted(self) -> bool:
        """Whether the author said or drew something here: a comment, an arrow, a highlight."""
        return bool(self.before or self.after or self.marks.arrows or self.marks.highlights)

    def is_main_line(self) -> bool:
        node = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    # -- editing ----------------------------------------------------------------------
    def add_variation(self, move: str) -> Node:
        """A new line from here, starting with ``move``, which must be legal
        in this node's position (else :class:`CovilError`, the tree as it was)."""
        return self._add(move, self.game())

    def add_main_variation(self, move: str) -> Node:
        """As :meth:`add_variation`, the new line becoming the main line."""
        node = self.add_variation(move)
        node.promote_to_main()
        return node

    def _add(self, move: str, game: Game) -> Node:
        """``move`` after this node, whose position is ``game`` (changed)."""
        if any(v.move == move for v in self.variations):
            raise CovilError(
                tr(
                    "{where}: there is a line with {move} already",
                    where=self._where(),
                    move=repr(move),
                ),
                RULE,
            )
        try:
            game.apply(move)
        except CovilError as exc:
            raise CovilError(
                tr("{where}: {message}", where=self._where(), message=exc.message), exc.rule
            ) from None
        node = Node(self.chapter, self, str(move))
        self.variations.append(node)
        return node

    def promote(self) -> None:
        """This node's line one place up among its parent's lines."""
        siblings = self._siblings()
        at = siblings.index(self)
        if at > 0:
            siblings[at - 1], siblings[at] = siblings[at], siblings[at - 1]

    def promote_to_main(self) -> None:
        siblings = self._siblings()
        siblings.remove(self)
        siblings.insert(0, self)

    def demote(self) -> None:
        """This node's line one place down among its parent's lines."""
        siblings = self._siblings()
        at = siblings.index(self)
        if at < len(siblings) - 1:
            siblings[at + 1], siblings[at] = siblings[at], siblings[at + 1]

    def remove(self) -> None:
        """This node and every line after it."""
        self._siblings().remove(self)
        self.parent = None

    def comment(self, text: str, author: str = "", before: bool = False) -> None:
        """Add a comment (Markdown) said of the move, or before it is played."""
        (self.before if before else self.after).append(Comment(str(text), str(author)))

    def glyph(self, glyph: str) -> None:
        if glyph not in GLYPHS:
            raise CovilError(
                tr(
                    "{glyph} is no glyph: they are {glyphs}",
                    glyph=said(glyph),
                    glyphs=", ".join(GLYPHS),
                ),
                RULE,
            )
        if glyph not in self.glyphs:
            self.glyphs.append(glyph)

    def mark(self, arrows: Sequence[tuple[str, str]] = (), highlights: Sequence[str] = ()) -> None:
        """Arrows and highlights to draw at this node (element keys such as ``zone:D``)."""
        for key in [k for pair in arrows for k in pair] + list(highlights):
            _check_element(key, self._where())
        self.marks.arrows += [(a, b) for a, b in arrows]
        self.marks.highlights += list(highlights)

    def remove_glyph(self, glyph: str) -> None:
        """Take ``glyph`` off this node (nothing happens if it has none)."""
        if glyph in self.glyphs:
            self.glyphs.remove(glyph)

    def unmark(
        self, arrows: Sequence[tuple[str, str]] = (), highlights: Sequence[str] = ()
    ) -> None:
        """Take arrows and highlights off this node (those it does not draw are ignored)."""
        gone = {(a, b) for a, b in arrows}
        self.marks.arrows = [a for a in self.marks.arrows if a not in gone]
        self.marks.highlights = [h for h in self.marks.highlights if h not in set(highlights)]

    def uncomment(self, index: int, before: bool = False) -> Comment:
        """Remove the ``index``-th comment said of the move (or before it); return it."""
        comments = self.before if before else self.after
        if not 0 <= index < len(comments):
            where = tr("before the move") if before else tr("of the move")
            raise CovilError(
                tr(
                    "{node}: there is no comment {index} {where}",
                    node=self._where(),
                    index=index,
                    where=where,
                ),
                RULE,
            )
        return comments.pop(index)

    def ask(
        self,
        prompt: str,
        answers: Sequence[str],
        why: str = "",
        hint: str = "",
        wrong: Mapping[str, str] | None = None,
    ) -> Question:
        """Put a question to the reader at this node's position: the
        ``answers`` accepted (at least one; each legal here), ``why``, a
        ``hint``, and what to say of ``wrong`` answers (legal actions too)."""
        game = self.game()
        legal = {str(a) for a in game.legal_actions()}
        wrong = dict(wrong or {})
        if not answers:
            raise CovilError(
                tr("{where}: a question needs an accepted answer", where=self._where()), RULE
            )
        for action in [*answers, *wrong]:
            if str(action) not in legal:
                raise CovilError(
                    tr(
                        "{where}: the answer {action} is not a legal action here",
                        where=self._where(),
                        action=said(action),
                    ),
                    RULE,
                )
        self.question = Question(
            str(prompt),
            tuple(str(a) for a in answers),
            str(why),
            str(hint),
            tuple((str(a), str(t)) for a, t in wrong.items()),
        )
        return self.question

    def answer(self, action: str, tries: int = 1) -> Verdict:
        """The quiz's word on ``action`` played at this node's question, the
        ``tries``-th answer: right and why, or not quite (what the author says
        of that answer, or the hint on a first try) and the way on."""
        question = self.question
        if question is None:
            raise CovilError(tr("{where}: there is no question here", where=self._where()), RULE)
        action = str(action)
        label = self._label(action)
        if action in question.answers:
            right = str(tr("Right: {action}.", action=label))
            return Verdict(True, f"{right} {question.why}" if question.why else right)
        said_of = dict(question.wrong).get(action) or (question.hint if tries <= 1 else "")
        wrong = str(tr("Not quite: {action}.", action=label))
        again = str(tr("Try again, or be shown the answer."))
        return Verdict(False, " ".join(w for w in (wrong, said_of, again) if w))

    def shown(self) -> str:
        """The question's answer and why, for a reader who would rather see it."""
        if self.question is None:
            raise CovilError(tr("{where}: there is no question here", where=self._where()), RULE)
        said = str(tr("The answer: {action}.", action=self._label(self.question.answers[0])))
        return f"{said} {self.question.why}" if self.question.why else said

    def picture(self, game: Game | None = None) -> Picture:
        """This node's position (``game``, when the caller has it already)
        drawn with its marks, through the chapter's viewpoint: the other
        hands stay hidden unless the chapter is all-seeing."""
        return draw(
            game or self.game(),
            viewer=self.chapter.seat,
            highlight={key: "focus" for key in self.marks.highlights},
            arrows=self.marks.arrows,
        )

    def _label(self, action: str) -> str:
        """The action in words, up to its first note ("Acquire Druid for 5")."""
        try:
            return short(self.game().explain(action))
        except CovilError:
            return action

    def clear_engine(self) -> None:
        """Forget what an analysis wrote here: its comments, its glyph, its
        assessment and the lines it added (so that it can be made again)."""
        for comments in (self.before, self.after):
            comments[:] = [c for c in comments if c.author != ENGINE]
        if self.assessment is not None and self.assessment.marked:
            self.remove_glyph(self.assessment.glyph)
        self.assessment = None
        self.variations[:] = [v for v in self.variations if v.by != ENGINE]

    def _siblings(self) -> list[Node]:
        if self.parent is None:
            raise CovilError(
                tr("{where}: the chapter's start has no siblings", where=self._where()), RULE
            )
        return self.parent.variations

    def _where(self) -> str:
        said = tr(
            "chapter {title}, node {path}", title=repr(self.chapter.title), path=_runs(self.path())
        )
        return str(said)


def _runs(path: list[int]) -> str:
    """A path told short: [0, 0, 0, 1, 0] is "[0*3, 1, 0]" (a node deep in a
    game's main line is hundreds of zeros)."""
    runs = [(index, len(list(same))) for index, same in groupby(path)]
    return "[" + ", ".join(f"{i}*{n}" if n > 1 else str(i) for i, n in runs) + "]"


@checked(RULE)
class Chapter:
    """A tree of decisions from a starting position, read from ``seat``'s
    viewpoint (None: all-seeing)."""

    def __init__(self, title: str, start: dict[str, Any], seat: str | None = None) -> None:
        self.title = str(title)
        self._start = start
        game = self.start_game()  # the start replays, or this raises
        if seat is not None and seat not in game.players:
            raise CovilError(
                tr(
                    "chapter {title}: the viewpoint {seat} is not a seat of its game",
                    title=repr(self.title),
                    seat=said(seat),
                ),
                RULE,
            )
        self.seat = seat
        self.description = ""
        self.root = Node(self, None, None)

    @classmethod
    def of(cls, title: str, game: Game, seat: str | None = None) -> Chapter:
        """A chapter starting at ``game``'s position (a game that keeps its record)."""
        return cls(title, game.record(), seat)

    def start_game(self) -> Game:
        return Game.replay(self._start)

    @property
    def start(self) -> dict[str, Any]:
        """The game record the chapter starts from."""
        return json.loads(json.dumps(self._start))

    def main_line(self) -> Iterator[Node]:
        return self.root.main_line()

    def __repr__(self) -> str:
        moves = sum(1 for _ in self.nodes()) - 1
        said = ntr("{count} move", "{count} moves", moves)
        return f"<Chapter {self.title!r}: {said}, {seen_by(self)}>"

    def _repr_html_(self) -> str:
        return _page_div(chapter_html(self))

    def nodes(self, stop: Callable[[Node], bool] | None = None) -> Iterator[Node]:
        """Every node, depth first, each line in its order; none after a
        node for which ``stop`` holds (a quiz's question not answered yet)."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            if stop is None or not stop(node):
                stack.extend(reversed(node.variations))

    def add_line(self, moves: list[str], at: Node | None = None) -> Node:
        """Play ``moves`` on from ``at`` (the start by default), following the
        lines already there and adding what is new; return the last node."""
        node = at or self.root
        game = node.game()
        trial = game.copy(log=False)
        for move in moves:  # all checked first: a line with an illegal move adds nothing
            try:
                trial.apply(move)
            except CovilError as exc:
                raise CovilError(
                    tr("{where}: {message}", where=node._where(), message=exc.message), exc.rule
                ) from None
        for move in moves:
            found = next((v for v in node.variations if v.move == move), None)
            if found is None:
                node = node._add(move, game)
            else:
                game.apply(move)
                node = found
        return node


@checked(RULE)
class Study:
    """Chapters of annotated games and positions (see the module docstring)."""

    def __init__(self, title: str = "") -> None:
        self.title = str(title)
        self.chapters: list[Chapter] = []

    def __repr__(self) -> str:
        said = ntr("{count} chapter", "{count} chapters", len(self.chapters))
        return f"<Study {self.title!r}: {said}>"

    def add_chapter(self, title: str, game: Game, seat: str | None = None) -> Chapter:
        chapter = Chapter.of(title, game, seat)
        self.chapters.append(chapter)
        return chapter

    @classmethod
    def of_game(cls, game: Game, title: str | None = None, seat: str | None = None) -> Study:
        """A study of one game: its record's actions are the main line, from
        where the game began; a :class:`~covil_nb.GameWidget`'s "what if"
        lines can be added as variations (:meth:`Chapter.add_line`). Its
        title, by default, is "A game" in the language of the moment."""
        record = game.record()
        start = {**record, "actions": []}
        title = title if title is not None else str(tr("A game"))
        study = cls(title)
        chapter = Chapter(title, start, seat)
        chapter.add_line(list(record["actions"]))
        study.chapters.append(chapter)
        return study

    def text(self) -> str:
        """The study as plain text (:class:`TextExporter`)."""
        exporter = TextExporter()
        for chapter in self.chapters:
            walk(chapter, exporter)
        heading = [self.title, ""] if self.title else []
        return "\n".join([*heading, *exporter.lines])

    def to_html(self) -> str:
        """The study as one HTML page: pictures and text, nothing fetched."""
        return study_page(self)

    def export_html(self, path: str | os.PathLike[str]) -> Path:
        """Write :meth:`to_html` to ``path``, a file that opens in any browser."""
        target = Path(path)
        try:
            target.write_text(self.to_html(), encoding="utf-8")
        except OSError as exc:
            problem = repr(str(path))
            refused = tr("cannot write the page {path}: {problem}", path=problem, problem=exc)
            raise CovilError(refused, RULE) from None
        return target

    def _repr_html_(self) -> str:
        return study_html(self)

    def copy(self) -> Study:
        """An independent study alike in every note (through its file)."""
        return Study.from_json(self.to_json())

    def without_engine(self) -> Study:
        """A copy with what analyses wrote left out (:meth:`clear_engine`):
        the study as its authors wrote it, to read, show or export."""
        plain = self.copy()
        plain.clear_engine()
        return plain

    def clear_engine(self) -> None:
        """Forget every analysis written in the study (:meth:`Node.clear_engine`)."""
        for chapter in self.chapters:
            for node in list(chapter.nodes()):
                node.clear_engine()

    # -- the file ---------------------------------------------------------------------
    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "title": self.title,
            "chapters": [_chapter_json(c) for c in self.chapters],
        }
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the study's file, replaced whole as a game's save is."""
        target = Path(path)
        try:
            codec.write_whole(target, self.to_json())
        except (OSError, ValueError) as exc:
            raise CovilError(
                tr("cannot write the study {path}: {exc}", path=said(str(path)), exc=exc), RULE
            ) from None
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Study:
        """A study's file, or a game's save (``Game.save``), opened as a study
        whose main line is the game's record."""
        return _study(codec.read_json_file(path))

    @classmethod
    def from_json(cls, text: str | bytes) -> Study:
        return _study(codec.read_json(text))


# -- reading a chapter in order: visitors, as python-chess's pgn has ------------------------


class Visitor:
    """What :func:`walk` calls as it reads a chapter in the order a book
    prints it: each move of a line, and after a move the lines beside it
    (its alternatives), each between :meth:`begin_variation` and
    :meth:`end_variation`. Subclasses override what they need; the positions
    they are given are the walk's own and must not be changed."""

    def begin_chapter(self, chapter: Chapter, start: Game) -> None:
        """The chapter begins, at ``start``."""

    def node(self, node: Node, before: Game, after: Game) -> None:
        """``node``'s move, played in ``before``, leading to ``after``."""

    def begin_variation(self) -> None:
        """A line beside the move just visited begins."""

    def end_variation(self) -> None:
        """That line ends."""

    def end_chapter(self, chapter: Chapter) -> None:
        """The chapter ends."""


def walk(chapter: Chapter, visitor: Visitor) -> None:
    """Read ``chapter`` to ``visitor``: its main line, each move followed by
    the lines beside it, every move replayed once."""
    start = chapter.start_game()
    visitor.begin_chapter(chapter, start)
    _walk_on(chapter.root, start.copy(log=False), visitor)
    visitor.end_chapter(chapter)


def _walk_on(parent: Node, game: Game, visitor: Visitor) -> None:
    """The line on from ``parent`` (whose position is ``game``, changed)."""
    while parent.variations:
        main, *others = parent.variations
        before = game.copy(log=False)
        game.apply(main.move)  # type: ignore[arg-type]
        visitor.node(main, before, game)
        for other in others:
            visitor.begin_variation()
            beside = before.copy(log=False)
            after = beside.copy(log=False)
            after.apply(other.move)  # type: ignore[arg-type]
            visitor.node(other, beside, after)
            _walk_on(other, after, visitor)
            visitor.end_variation()
        parent = main


class TextExporter(Visitor):
    """A chapter as plain text: a line per move ("day 1 morning, yellow:
    Build a fortress in B !"), its comments, question and the engine's view
    under it, the lines beside a move indented under it."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def begin_chapter(self, chapter: Chapter, start: Game) -> None:
        self.lines.append(f"== {chapter.title} ({seen_by(chapter)}) ==")
        if chapter.description:
            self.lines.append(chapter.description)
        self._notes(chapter.root)

    def node(self, node: Node, before: Game, after: Game) -> None:
        self._say([f"  {{{c.text}}}" for c in node.before])
        glyphs = "".join(f" {g}" for g in node.glyphs)
        self._say([f"{moment(before)}: {before.explain(node.move)}{glyphs}"])  # type: ignore[arg-type]
        self._notes(node)

    def begin_variation(self) -> None:
        self.depth += 1

    def end_variation(self) -> None:
        self.depth -= 1

    def end_chapter(self, chapter: Chapter) -> None:
        self.lines.append("")

    def _notes(self, node: Node) -> None:
        said = [f"  {{{c.text}}}" + (f" ({c.author})" if c.author else "") for c in node.after]
        if node.assessment is not None:
            said.append(f"  [{assessed(node.assessment)}]")
        if node.question is not None:
            asked = tr("Question: {prompt}", prompt=node.question.prompt)
            said.append(f"  {asked}")
        self._say(said)

    def _say(self, lines: list[str]) -> None:
        self.lines += ["    " * self.depth + line for line in lines]


def moment(game: Game) -> str:
    """When a decision is taken, and whose: "day 2 afternoon, red"."""
    who = color_name(game.decider) if game.decider else tr("the rules")
    return str(tr("day {day} {phase}, {who}", day=game.day, phase=phase_name(game.phase), who=who))


def seen_by(chapter: Chapter) -> Text:
    """Whose eyes a chapter is seen through: "seen by yellow", or "all-seeing"."""
    return tr("seen by {seat}", seat=color_name(chapter.seat)) if chapter.seat else tr("all-seeing")


def assessed(assessment: Assessment) -> str:
    """The engine's view in a few words: "engine: played +1.2, best +3.4 (±0.5 VP)"."""
    a = assessment
    said = tr(
        "engine: played {played}, best {best} (±{error} VP)",
        played=Number(a.played, "+.1f"),
        best=Number(a.best, "+.1f"),
        error=Number(a.error, ".1f"),
    )
    return str(said)


# -- the HTML exporter: a study as a page any notebook or browser shows ---------


class HtmlExporter(Visitor):
    """A chapter as HTML, pictures where the author says something.

    It reads a chapter as a book does: each move in words with its glyphs,
    the comments under it, the lines beside it indented, a question with its
    answer folded away, and the engine's view. Where the author says
    something (a comment, a mark, a glyph, a question), the position after
    the move is drawn with the node's marks, through the chapter's eyes
    (hidden hands stay hidden), by the board's one drawing."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def begin_chapter(self, chapter: Chapter, start: Game) -> None:
        seen = escaped(str(seen_by(chapter)))
        self.parts.append(f"<h2>{escaped(chapter.title)} <small>({seen})</small></h2>")
        if chapter.description:
            self.parts.append(markdown_html(chapter.description))
        self._notes(chapter.root, start)

    def node(self, node: Node, before: Game, after: Game) -> None:
        self.parts += [comment_html(c.text, c.author) for c in node.before]
        glyphs = "".join(f' <span class="glyph">{escaped(g)}</span>' for g in node.glyphs)
        label = escaped(before.explain(node.move))  # type: ignore[arg-type]
        when = f'<span class="when">{escaped(moment(before))}:</span>'
        move = f"{when} {label}{glyphs}"
        self.parts.append(f'<div class="move" data-path="{_path(node)}">{move}</div>')
        self._notes(node, after)

    def begin_variation(self) -> None:
        self.parts.append('<div class="variation">')

    def end_variation(self) -> None:
        self.parts.append("</div>")

    def _notes(self, node: Node, position: Game) -> None:
        """What is said of ``node``, and its picture when there is any."""
        self.parts += [comment_html(c.text, c.author) for c in node.after]
        if node.assessment is not None:
            self.parts.append(f'<div class="engine">{escaped(assessed(node.assessment))}</div>')
        if node.question is not None:
            self.parts.append(_question(node))
        if node.parent is None or _says_something(node):
            self.parts.append(f"<figure>{node.picture(position).svg}</figure>")


def chapter_html(chapter: Chapter) -> str:
    """A chapter as HTML (:class:`HtmlExporter`)."""
    exporter = HtmlExporter()
    walk(chapter, exporter)
    return "\n".join(exporter.parts)


def study_html(study: Study) -> str:
    """The study's chapters, as one ``<div>`` (what a notebook shows)."""
    title = f"<h1>{escaped(study.title)}</h1>" if study.title else ""
    chapters = "\n".join(chapter_html(c) for c in study.chapters)
    return _page_div(f"{title}\n{chapters}")


def _page_div(body: str) -> str:
    """``body`` as the study's part of a page: its own style, scoped to it."""
    return f'<div class="covil-study-page"><style>{STYLE}</style>{body}</div>'


def study_page(study: Study) -> str:
    """The study as a whole HTML document: its style inline, nothing fetched."""
    title = escaped(study.title or str(tr("A Covil study")))
    return (
        f'<!DOCTYPE html>\n<html lang="{language()}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n<style>{BODY}</style>\n</head>\n<body>\n"
        f"{study_html(study)}\n</body>\n</html>\n"
    )


def _says_something(node: Node) -> bool:
    """Whether the author says anything of ``node``: its notes, a glyph, a question."""
    return node.noted or bool(node.glyphs) or node.question is not None


def _question(node: Node) -> str:
    question = node.question
    assert question is not None
    show = escaped(str(tr("Show the answer")))
    return (
        f'<div class="question"><strong>{escaped(question.prompt)}</strong>'
        f"<details><summary>{show}</summary>{escaped(node.shown())}</details></div>"
    )


def _path(node: Node) -> str:
    return ".".join(str(i) for i in node.path())


# -- writing -----------------------------------------------------------------------------


def _chapter_json(chapter: Chapter) -> dict[str, Any]:
    data: dict[str, Any] = {"title": chapter.title, "seat": chapter.seat, "start": chapter.start}
    if chapter.description:
        data["description"] = chapter.description
    root = _notes(chapter.root)
    if root:
        data["notes"] = root
    data["line"] = _line(chapter.root.variations[:1], chapter.root.variations[1:])
    return data


def _line(first: list[Node], others: list[Node]) -> list[dict[str, Any]]:
    """The line through ``first`` (its main line on), each node with the
    lines beside it; ``others`` are the lines beside the first node."""
    line = []
    siblings = others
    for node in first and [first[0], *first[0].main_line()]:
        entry: dict[str, Any] = {"move": node.move, **_notes(node)}
        if siblings:
            entry["variations"] = [_line([s], []) for s in siblings]
        line.append(entry)
        siblings = node.variations[1:]
    return line


def _notes(node: Node) -> dict[str, Any]:
    notes: dict[str, Any] = {}
    for name, comments in (("before", node.before), ("after", node.after)):
        if comments:
            notes[name] = [{"text": c.text, "author": c.author} for c in comments]
    if node.glyphs:
        notes["glyphs"] = list(node.glyphs)
    if node.marks.arrows:
        notes["arrows"] = [list(a) for a in node.marks.arrows]
    if node.marks.highlights:
        notes["highlights"] = list(node.marks.highlights)
    if node.question is not None:
        q = node.question
        notes["question"] = {"prompt": q.prompt, "answers": list(q.answers), "why": q.why}
        notes["question"].update({"hint": q.hint, "wrong": dict(q.wrong)})
    if node.assessment is not None:
        notes["engine"] = asdict(node.assessment)
    if node.by:
        notes["by"] = node.by
    return notes


# -- reading: everything checked before a study is built ---------------------------------

_STUDY_FIELDS = ("format", "version", "title", "chapters")
_CHAPTER_FIELDS = ("title", "seat", "start", "description", "notes", "line")
_NOTE_FIELDS = ("before", "after", "glyphs", "arrows", "highlights", "question", "engine", "by")
_QUESTION_FIELDS = ("prompt", "answers", "why", "hint", "wrong")
_ENGINE_FIELDS = tuple(Assessment.__dataclass_fields__)
_NODE_FIELDS = ("move", "variations", *_NOTE_FIELDS)


def _study(data: Any) -> Study:
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        return Study.of_game(Game.replay(data), "A saved game")  # a game's save, as a study
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CovilError(
            tr(
                "$.format: not a covil_nb study (its 'format' must be {format})",
                format=repr(FORMAT),
            ),
            RULE,
        )
    if data.get("version") != VERSION:
        version = said(data.get("version"))
        raise CovilError(
            tr(
                "$.version: study version {version} is not {version2}",
                version=version,
                version2=VERSION,
            ),
            RULE,
        )
    codec.refuse_unknown(data, _STUDY_FIELDS, "$")
    study = Study(codec.decode(str, data.get("title", ""), "$.title"))
    chapters = codec.decode(list[dict[str, Any]], data.get("chapters", []), "$.chapters")
    study.chapters = [_chapter(c, f"$.chapters[{i}]") for i, c in enumerate(chapters)]
    return study


def _chapter(data: dict[str, Any], where: str) -> Chapter:
    codec.refuse_unknown(data, _CHAPTER_FIELDS, where)
    title = codec.decode(str, data.get("title", ""), f"{where}.title")
    seat = codec.decode(str | None, data.get("seat"), f"{where}.seat")  # type: ignore[arg-type]
    start = codec.decode(dict[str, Any], data.get("start"), f"{where}.start")
    try:
        chapter = Chapter(title, start, seat)
    except CovilError as exc:
        raise CovilError(
            tr("{where} ({title}): {message}", where=where, title=repr(title), message=exc.message),
            RULE,
        ) from None
    chapter.description = codec.decode(str, data.get("description", ""), f"{where}.description")
    notes = codec.decode(dict[str, Any], data.get("notes", {}), f"{where}.notes")
    codec.refuse_unknown(notes, _NOTE_FIELDS, f"{where}.notes")
    _read_notes(chapter.root, notes, f"{where}.notes")
    lines = codec.decode(list[dict[str, Any]], data.get("line", []), f"{where}.line")
    _read_line(chapter.root, lines, chapter.start_game(), f"{where}.line")
    return chapter


def _read_line(parent: Node, line: list[dict[str, Any]], game: Game, where: str) -> None:
    """Add ``line`` after ``parent`` (whose position is ``game``), each node's
    variations as lines beside it, every move replayed."""
    for i, entry in enumerate(line):
        at = f"{where}[{i}]"
        codec.refuse_unknown(entry, _NODE_FIELDS, at)
        move = codec.decode(str, entry.get("move"), f"{at}.move")
        beside = codec.decode(
            list[list[dict[str, Any]]], entry.get("variations", []), f"{at}.variations"
        )
        starts = [game.copy() for _ in beside]  # where each line beside this node starts
        try:
            node = parent._add(move, game)
        except CovilError as exc:
            raise CovilError(tr("{at}: {message}", at=at, message=exc.message), RULE) from None
        _read_notes(node, entry, at)
        for j, (variation, start) in enumerate(zip(beside, starts, strict=True)):
            _read_line(parent, variation, start, f"{at}.variations[{j}]")  # after the main line
        parent = node


def _read_notes(node: Node, data: dict[str, Any], where: str) -> None:
    for name in ("before", "after"):
        comments = codec.decode(list[dict[str, str]], data.get(name, []), f"{where}.{name}")
        for k, c in enumerate(comments):
            codec.refuse_unknown(c, ("text", "author"), f"{where}.{name}[{k}]")
            node.comment(c.get("text", ""), c.get("author", ""), before=name == "before")
    try:
        for glyph in codec.decode(list[str], data.get("glyphs", []), f"{where}.glyphs"):
            node.glyph(glyph)
        arrows = codec.decode(list[list[str]], data.get("arrows", []), f"{where}.arrows")
        if any(len(a) != 2 for a in arrows):
            raise CovilError(tr("an arrow goes from one element to another: [from, to]"), RULE)
        highlights = codec.decode(list[str], data.get("highlights", []), f"{where}.highlights")
        node.mark([(a, b) for a, b in arrows], highlights)
        node.by = codec.decode(str, data.get("by", ""), f"{where}.by")
        if "question" in data:
            _read_question(node, data["question"], f"{where}.question")
        if "engine" in data:
            node.assessment = _assessment(node, data["engine"], f"{where}.engine")
    except CovilError as exc:
        raise CovilError(tr("{where}: {message}", where=where, message=exc.message), RULE) from None


def _read_question(node: Node, data: Any, where: str) -> None:
    data = codec.decode(dict[str, Any], data, where)
    codec.refuse_unknown(data, _QUESTION_FIELDS, where)
    node.ask(
        codec.decode(str, data.get("prompt", ""), f"{where}.prompt"),
        codec.decode(list[str], data.get("answers", []), f"{where}.answers"),
        codec.decode(str, data.get("why", ""), f"{where}.why"),
        codec.decode(str, data.get("hint", ""), f"{where}.hint"),
        codec.decode(dict[str, str], data.get("wrong", {}), f"{where}.wrong"),
    )


def _assessment(node: Node, data: Any, where: str) -> Assessment:
    data = codec.decode(dict[str, Any], data, where)
    codec.refuse_unknown(data, _ENGINE_FIELDS, where)
    kinds = {"seat": str, "played": float, "best": float, "error": float}
    kinds |= {"playouts": int, "by": str, "glyph": str, "marked": bool}
    values = {k: codec.decode(t, data.get(k), f"{where}.{k}") for k, t in kinds.items()}
    found = Assessment(**values)
    if found.seat not in node.chapter.start_game().players:
        raise CovilError(
            tr(
                "{where}.seat: {seat} is not a seat of the game", where=where, seat=said(found.seat)
            ),
            RULE,
        )
    if found.error < 0 or found.playouts < 1:
        raise CovilError(
            tr("{where}: an error is never negative, nor playouts fewer than 1", where=where), RULE
        )
    if found.glyph != glyph_for(found.loss, found.error):
        raise CovilError(
            tr(
                "{where}.glyph: a loss of {loss} VP (±{error}) earns {earned}, not {glyph}",
                where=where,
                loss=Number(found.loss, ".2f"),
                error=Number(found.error, ".2f"),
                earned=said(glyph_for(found.loss, found.error)),
                glyph=said(found.glyph),
            ),
            RULE,
        )
    if found.marked and found.glyph not in node.glyphs:
        raise CovilError(
            tr(
                "{where}.marked: the node does not carry {glyph}",
                where=where,
                glyph=said(found.glyph),
            ),
            RULE,
        )
    return found


def _check_element(key: str, where: str) -> None:
    kind, _, ident = key.partition(":")
    if not kind or not ident:
        raise CovilError(
            tr(
                "{where}: {key} names no element (write it like 'zone:D')",
                where=where,
                key=said(key),
            ),
            RULE,
        )
