"""The status band and the legend.

The status band holds the title, the day and phase, who decides what and
the combat under way; the legend the terrains, map marks, pieces, players
and highlights.
"""

from __future__ import annotations

import math

from covil_nb.model import Game, night
from covil_nb.model.language import Joined, Listed, Text, cite, named, ntr, tr
from covil_nb.model.maps import TERRAINS
from covil_nb.model.scoring import SOURCE_NAMES, VpNow
from covil_nb.model.state import DAYS, MAX_REBELS
from covil_nb.model.words import color_name, phase_name, terrain_name

from .cards import WIDTH
from .maps import MAP_SIZE, TOKEN_TEXT, token
from .marks import combat_mark
from .style import (
    ACTION,
    HIGHLIGHTS,
    INK,
    LETTERS,
    TERRAIN_FILL,
    badge,
    check_glyph,
    panel,
    spiral_icon,
    terrain_icon,
    tower,
    town_icon,
)
from .svg import PAD, Section, escape, group, lines, num, tag, text, text_width, wrap

_PHASES = ("morning", "afternoon", "night")
#: A tutorial's highlights, as the legend names them.
HIGHLIGHT_NAMES = {"focus": tr("focus"), "good": tr("good"), "bad": tr("bad")}
_PROMPT = 13.0  # font size of the decision line
_TITLE, _CAPTION = 16.0, 18.0  # font sizes of the title and of a lesson's caption
_GAP = 16.0  # between the title and the calendar
_STEP = 17.0  # between its lines


def status(game: Game, caption: str | None = None, viewer: str | None = None) -> Section:
    """Title (or ``caption``), day and phase, each player's VP now (as
    ``viewer`` sees them), the decision and who makes it, and the combat
    under way."""
    s = game.read_state()
    calendar, left = _calendar(s.day, s.phase, WIDTH - 12)
    words = caption or str(tr("Covil: The Dark Overlords — {board}", board=named(game.board.title)))
    title, lower = _title(words, _CAPTION if caption else _TITLE, left)
    parts = [title, calendar]
    y = 52.0 + lower
    if game.players:  # none before the first setup step
        parts.append(_scoreboard(game.vp_now(viewer), y))
        y += _STEP + 6
    decision = game.decision
    if decision is not None:
        parts.append(group(badge(decision.player, 19), transform=f"translate(22,{num(y - 4.5)})"))
        rows = wrap(
            f"{color_name(decision.player)}: {decision.prompt}  ({cite(decision.rule)})",
            WIDTH - 60,
            _PROMPT,
        )
        parts.append(lines(36, y, rows, _PROMPT, _STEP, fill=INK, data_prompt=decision.kind))
        y += _STEP * len(rows)
    else:
        parts.append(
            text(12, y, _nobody_decides(game), font_size=_PROMPT, font_weight="bold", fill=INK)
        )
        y += _STEP
    fight = combat_mark(game)
    if fight:
        rows = wrap(fight.sentence, WIDTH - 60, 12, bold=True)
        parts.append(lines(36, y, rows, 12, 16, font_weight="bold", fill="#991b1b", data_combat=""))
        y += 16 * len(rows)
    height = y + 2
    frame = panel(WIDTH, height)
    return Section("status", WIDTH, height, frame + "".join(parts))


def _scoreboard(now: list[VpNow], y: float) -> str:
    """Each player's VP if the game ended now, in seat order: their shape
    and name, "VP 26", and on hover where the VP come from."""
    column = (WIDTH - 24) / len(now)
    entries = []
    for i, vp in enumerate(now):
        x = 12 + i * column
        name = str(color_name(vp.player))
        shown = str(
            ntr(
                "VP {total} + {count} relic",
                "VP {total} + {count} relics",
                vp.face_down,
                total=vp.total,
            )
            if vp.face_down
            else tr("VP {total}", total=vp.total)
        )
        entries.append(
            group(
                tag("title", escape(_sources(vp))),
                group(badge(vp.player, 19), transform=f"translate({num(x + 10)},{num(y - 4.5)})"),
                text(x + 24, y, name, font_size=_PROMPT, fill=INK),
                text(
                    x + 28 + text_width(name, _PROMPT),
                    y,
                    shown,
                    font_size=_PROMPT,
                    font_weight="bold",
                    fill=INK,
                ),
                data_vp=vp.player,
            )
        )
    return group(*entries, data_scores="")


def _sources(vp: VpNow) -> str:
    """What a player's VP now are made of, in the final scoring's words:
    "yellow: 26 VP if the game ended now (fortress 5, gold 3, minions 18, …)"."""
    parts = [
        tr("{source} {vp}", source=SOURCE_NAMES[source], vp=points) for source, points in vp.sources
    ]
    if vp.score.influence:
        parts.append(vp.score.influence_said)
    if vp.face_down:
        parts.append(
            ntr(
                "and {count} relic face down, their gold value hidden",
                "and {count} relics face down, their gold value hidden",
                vp.face_down,
            )
        )
    said = tr(
        "{color}: {total} VP if the game ended now ({sources})",
        color=color_name(vp.player),
        total=vp.total,
        sources=Joined(", ", parts),
    )
    return str(said)


def _nobody_decides(game: Game) -> str:
    """The game is over, or it is a snapshot of the setup (``Game.setup_steps``)
    or of the night between its steps (``Game.moments``)."""
    if game.paused:
        said = str(night.caption(game.read_state()))
        return f"{said[0].upper()}{said[1:]}."
    if not game.is_over:
        return str(tr("Setting up the table: no one decides yet."))
    over = ntr(
        "Game over: {players} wins.",
        "Game over: {players} win.",
        len(game.winners),
        players=Listed([color_name(c) for c in game.winners]),
    )
    return str(over)


def _title(words: str, size: float, calendar: float) -> tuple[str, float]:
    """The title, or a lesson's caption, in as many lines as it needs left of
    the calendar (starting at x ``calendar``), which it never runs into; and
    how much lower than one line it ends."""
    rows = wrap(words, calendar - _GAP - 12, size, bold=True)
    step = size + 4
    markup = lines(12, 26, rows, size, step, font_weight="bold", fill=INK, data_title="")
    return markup, step * (len(rows) - 1)


def _calendar(day: int, phase: str, right: float) -> tuple[str, float]:
    """Day 1 to 4 and the three phases, the current ones filled, right-aligned;
    and where it starts, its word "Day"."""
    parts = []
    x = right
    for name in reversed(_PHASES):
        words = str(phase_name(name))
        w = text_width(words, 12) + 14  # the words, and room for the round ends
        x -= w
        parts.append(_dial(x, w, words, name == phase))
        x -= 5
    x -= 12
    for d in range(DAYS, 0, -1):
        x -= 22
        parts.append(_dial(x, 20, str(d), d == day and phase != "end"))
    day_word = str(tr("Day"))
    parts.append(text(x - 6, 24, day_word, font_size=12, text_anchor="end", fill=INK))
    return group(*parts, data_day=str(day), data_phase=phase), x - 6 - text_width(day_word, 12)


def _dial(x: float, w: float, words: str, now: bool) -> str:
    """One step of the calendar (a round pill), filled when it is now."""
    return tag(
        "rect",
        x=x,
        y=10,
        width=w,
        height=20,
        rx=10,
        fill=INK if now else "none",
        stroke=INK,
        stroke_width=1.2,
    ) + text(
        x + w / 2,
        24,
        words,
        font_size=12,
        font_weight="bold" if now else None,
        text_anchor="middle",
        fill="#fff" if now else INK,
    )


# -- the legend ---------------------------------------------------------------------------------

#: The picture's legend stands beside the map: the picture's width less the map's.
LEGEND_W = WIDTH - MAP_SIZE - PAD
_ROW = 26.0
_LABEL = 12.0
_STRIP_LABEL = 14.0
_ICON = 28.0  # from a column's left edge to its words


def legend(players: list[str]) -> Section:
    """What the shapes mean, in two columns beside the map (the picture's). It
    depends only on who plays."""
    return _legend(players, LEGEND_W, 2, _LABEL, framed=True)


def legend_strip(players: list[str]) -> Section:
    """The same key as wide as the map, in four columns and without a frame or
    a title: the board's, under its controls, in a box the learner may fold
    away. Its words are larger than the picture's: the strip shrinks with
    the board (to 480 px at the least, where the page lets it scroll sideways)."""
    return _legend(players, MAP_SIZE, 4, _STRIP_LABEL, framed=False)


def _legend(players: list[str], width: float, columns: int, size: float, framed: bool) -> Section:
    """The key in ``columns``, its words ``size`` px; an item whose words do
    not fit one column takes as many as they need. ``framed=False`` leaves
    out the panel and the title."""
    items: list[tuple[str, Text | str]] = [  # (icon centred on (0, 0), words)
        *((_terrain_disc(t), terrain_name(t)) for t in TERRAINS),
        (town_icon(0, 0), tr("town, rebels n/{most}", most=MAX_REBELS)),
        (spiral_icon(0, 0, 8), tr("start zone")),
        (group(tower("#d8d0c0", INK), transform="scale(0.75)"), tr("fortress, HP")),
        (group(tower("#9a9a9a", INK, ruined=True), transform="scale(0.75)"), tr("destroyed")),
        *_legend_troops(players),
        *((badge(color, 19), color_name(color)) for color in players),
        (_mark_sample(ACTION, "5 3", fill=True), tr("legal choice (click)")),
        *(
            (_highlight_sample(name, color), HIGHLIGHT_NAMES[name])
            for name, color in HIGHLIGHTS.items()
        ),
    ]
    top = 44 if framed else 14
    parts = (
        [text(10, 20, str(tr("Legend")), font_size=14, font_weight="bold", fill=INK)]
        if framed
        else []
    )
    column = (width - 20) / columns
    row = col = 0
    for icon, words in items:
        said = str(words)
        span = min(columns, math.ceil((_ICON + text_width(said, size)) / column))
        if col + span > columns:
            row, col = row + 1, 0
        x, y = 10 + col * column, top + row * _ROW
        parts.append(group(icon, transform=f"translate({num(x + 11)},{num(y)})"))
        parts.append(text(x + _ICON, y + size * 0.375, said, font_size=size, fill=INK))
        col += span
        if col == columns:
            row, col = row + 1, 0
    height = top + (row + (1 if col else 0)) * _ROW - 6
    frame = panel(width, height) if framed else ""
    return Section("legend", width, height, frame + "".join(parts))


def _legend_troops(players: list[str]) -> list[tuple[str, Text | str]]:
    """A troop lying and standing, in the first player's color (none before Setup B)."""
    if not players:
        return []
    first = players[0]
    lying, standing = (token(first, LETTERS[first] + "1", up) for up in (False, True))
    return [
        (group(lying, **TOKEN_TEXT), tr("lying down")),
        (group(standing, **TOKEN_TEXT), tr("troop standing")),
    ]


def _terrain_disc(terrain: str) -> str:
    disc = tag("circle", r=10, fill=TERRAIN_FILL[terrain], stroke=INK, stroke_width=1)
    return disc + terrain_icon(terrain, 0, 0, 0.8)


def _mark_sample(color: str, dash: str | None, fill: bool = False) -> str:
    """A small ring as the picture draws it around a marked element."""
    return tag(
        "rect",
        x=-11,
        y=-8,
        width=22,
        height=16,
        rx=5,
        fill=color if fill else "none",
        fill_opacity=0.1 if fill else None,
        stroke=color,
        stroke_width=2.5 if dash else 3,
        stroke_dasharray=dash,
    )


def _highlight_sample(name: str, color: str) -> str:
    """A tutorial's highlight: a solid ring, with a ✓ or ✗ for good and bad."""
    ring = _mark_sample(color, None)
    return ring if name == "focus" else ring + check_glyph(name == "good", 11, -8, color)
