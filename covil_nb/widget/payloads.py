"""What each of the board's traits holds, declared once: the page's shapes.

The traits are plain JSON (see :mod:`.scene`, :mod:`.review`, the sessions);
these ``TypedDict`` say what each holds, so that the functions that build a
trait are checked by mypy against one declaration. The page declares the
same shapes in ``js/src/types.d.ts``, each interface under the same name, and
``tests/test_payloads.py`` checks the two agree: a field on one side only
fails it.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, final

# What the board waits for before a person may decide ("over": nothing more).
Waiting = Literal["playback", "bot", "over"] | None
StudyMode = Literal["author", "quiz"]
SeatKind = Literal["person", "bot", "dummy"]
Texts = dict[str, str]  # texts (a picture's chunks, its layouts, the page's words) by name


@final
class Empty(TypedDict):
    """A trait with nothing to say (no hint asked, no analysis made)."""


class Seat(TypedDict):
    color: str
    kind: SeatKind
    bot: str  # the bot's name, "" for a person's seat or the dummy's
    label: str


class Board(TypedDict):
    """What never changes during a game: the map under the pieces, the seats."""

    name: str
    title: str
    map: str
    legend: str
    mark: str
    seats: list[Seat]
    kinds: list[str]
    languages: dict[str, str]


class Preview(TypedDict):
    """Both strengths after an answer to a combat, and its end if it ends it."""

    attack: int
    defense: int
    resolves: bool
    winner: str | None
    verdict: NotRequired[str]


class Offered(TypedDict):
    """A legal action as the page lists it."""

    action: str
    label: str
    elements: list[str]
    preview: NotRequired[Preview]
    closes: NotRequired[bool]
    group: NotRequired[str]
    forecast: NotRequired[str]


class Strength(TypedDict):
    total: int
    parts: list[list[str | int]]  # [the part said whole, its value]
    text: str


class Combat(TypedDict):
    attacker: str | None  # None when the rebels attack
    troop: str | None
    target: str
    defender: str
    style: str
    stage: str
    responder: str | None
    free: bool
    attack: Strength
    defense: Strength
    head: str


class Score(TypedDict):
    player: str
    total: int
    text: str


class Paused(TypedDict):
    """The decision trait between the night's steps of a playback."""

    over: Literal[False]
    player: Literal[""]
    prompt: str
    rule: str
    actions: list[Offered]
    combat: None
    waiting: Waiting


class Over(TypedDict):
    """The decision trait once the game is over: the score."""

    over: Literal[True]
    winners: list[str]
    verdict: str
    scores: list[Score]
    actions: list[Offered]
    waiting: Waiting


class Deciding(TypedDict):
    """The decision trait at a player's decision."""

    over: Literal[False]
    player: str
    seat: Seat
    kind: str
    prompt: str
    rule: str
    actions: list[Offered]
    names: dict[str, str]
    combat: Combat | None
    waiting: Waiting


Decision = Paused | Over | Deciding


class Moment(TypedDict):
    """Who did what at a moment of a playback, and why."""

    index: int
    player: str
    actions: list[str]
    told: list[str]
    by: str
    reason: str
    outcome: list[str]
    notable: bool


# Where a "what if" line leaves the game ("from" is a keyword: no class syntax).
WhatIf = TypedDict("WhatIf", {"from": int})


class Controls(TypedDict):
    can_undo: bool
    can_redo: bool
    steps: int
    moment: Moment | None
    outcome: list[str]
    pending: int
    what_if: WhatIf | None
    night: list[str]


@final
class Past(TypedDict):
    """A past position asked for with "show", drawn beside the live one."""

    step: int
    moment: int
    info: Moment | None
    pictures: Texts
    chunks: Texts


class Log(TypedDict):
    done: list[str]  # the names of the finished phases' texts
    now: list[str]  # of each position's text in the phase under way


class LogEntry(TypedDict):
    rule: str
    text: str
    step: int
    moment: int


class LogGroup(TypedDict):
    """A text of the log: one phase's entries, JSON in the chunk store."""

    day: int
    phase: str
    entries: list[LogEntry]


class Hint(TypedDict):
    n: int  # counted: the same hint twice is sent twice
    text: str
    action: NotRequired[str]  # none for a study question's own hint
    elements: NotRequired[list[str]]


class Error(TypedDict):
    n: int
    text: str
    rule: str


class Progress(TypedDict):
    done: int
    total: int


class SeatSummary(TypedDict):
    seat: str
    decisions: int
    mean_loss: float
    loss: str
    inaccuracies: int
    mistakes: int
    blunders: int


class Note(TypedDict):
    said: str
    better: str
    line: bool  # a better line to draw and play ("better" message)
    elements: list[str]  # what the line chooses off the map, for the page to ring


class Review(TypedDict):
    chart: str
    summary: list[SeatSummary]
    notes: dict[str, Note]


class StudyNode(TypedDict):
    move: str | None
    said: str
    player: str
    glyphs: list[str]
    children: list[int]
    noted: bool
    question: bool
    by: str


class StudyTree(TypedDict):
    title: str
    chapters: list[str]
    chapter: int
    seat: str | None
    description: str
    glyphs: list[str]
    saves: bool
    nodes: list[StudyNode]


class StudyComment(TypedDict):
    text: str
    author: str
    html: str


class Question(TypedDict):
    prompt: str
    asking: bool


class Verdict(TypedDict):
    right: bool
    text: str


class StudyAt(TypedDict):
    node: int
    mode: StudyMode
    before: list[StudyComment]
    after: list[StudyComment]
    glyphs: list[str]
    arrows: list[list[str]]  # [from, to]
    highlights: list[str]
    question: Question | None
    verdict: Verdict | None
    tries: int
    main: bool
    saved: str
    line: int | None


class Traits(TypedDict, total=False):
    """Every trait the page reads, by name (none is set before the first
    message; ``{}`` stands for a trait that has nothing to say yet)."""

    board: Board
    identity: dict[str, Any]
    chunks: Texts
    chunks_new: Texts
    pictures: Texts
    decision: Decision
    log: Log
    controls: Controls
    past: Past | Empty
    hint: Hint | Empty
    error: Error
    version: int
    theme: str
    language: str
    words: Texts
    review: Review | Empty
    progress: Progress | Empty
    tree: StudyTree
    at: StudyAt
