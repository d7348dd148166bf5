"""The status band (title, day and phase, who decides what, the combat under
way) and the legend (terrains, map marks, pieces, players, highlights)."""

from __future__ import annotations

from covil_nb.model import Game
from covil_nb.model.maps import TERRAINS
from covil_nb.model.state import DAYS, MAX_REBELS

from ._svg import Section, group, lines, num, tag, text, wrap
from ._svg_cards import MARKET_W, WIDTH
from ._svg_map import TOKEN_TEXT, token
from ._svg_marks import combat_mark
from ._svg_style import (
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

_PHASES = ("morning", "afternoon", "night")
_PROMPT = 12.5  # font size of the decision line


def status(game: Game, caption: str | None = None) -> Section:
    """Title (or ``caption``), day and phase, the decision and who makes it,
    and the combat under way."""
    s = game.state
    title = caption or f"Covil: The Dark Overlords — {game.board.title}"
    parts = [text(12, 26, title, font_size=18 if caption else 16, font_weight="bold", fill=INK)]
    parts.append(_calendar(s.day, s.phase, WIDTH - 12))
    y = 52.0
    decision = game.decision
    if decision is not None:
        parts.append(group(badge(decision.player, 17), transform=f"translate(21,{num(y - 4.5)})"))
        rows = wrap(f"{decision.player}: {decision.prompt}  ({decision.rule})", WIDTH - 60, _PROMPT)
        parts.append(lines(36, y, rows, _PROMPT, 16, fill=INK, data_prompt=decision.kind))
        y += 16 * len(rows)
    else:
        parts.append(
            text(12, y, _nobody_decides(game), font_size=_PROMPT, font_weight="bold", fill=INK)
        )
        y += 16
    fight = combat_mark(game)
    if fight:
        parts.append(
            text(
                36,
                y,
                fight.sentence,
                font_size=11,
                font_weight="bold",
                fill="#991b1b",
                data_combat="",
            )
        )
        y += 16
    height = y + 2
    frame = panel(WIDTH, height)
    return Section("status", WIDTH, height, frame + "".join(parts))


def _nobody_decides(game: Game) -> str:
    """The game is over, or it is a snapshot of the setup (``Game.setup_steps``)."""
    if not game.is_over:
        return "Setting up the table: no one decides yet."
    winners = " and ".join(game.winners)
    return f"Game over: {winners} win{'s' if len(game.winners) == 1 else ''}."


def _calendar(day: int, phase: str, right: float) -> str:
    """Day 1 to 4 and the three phases, the current ones filled, right-aligned."""
    parts = []
    x = right
    for name in reversed(_PHASES):
        w = len(name) * 6.6 + 14
        x -= w
        parts.append(_dial(x, w, name, name == phase))
        x -= 5
    x -= 12
    for d in range(DAYS, 0, -1):
        x -= 22
        parts.append(_dial(x, 20, str(d), d == day and phase != "end"))
    parts.append(text(x - 6, 24, "Day", font_size=11, text_anchor="end", fill=INK))
    return group(*parts, data_day=str(day), data_phase=phase)


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
        font_size=11,
        font_weight="bold" if now else None,
        text_anchor="middle",
        fill="#fff" if now else INK,
    )


# -- the legend ---------------------------------------------------------------------------------

LEGEND_H = 150.0


def legend(players: list[str]) -> Section:
    """What the shapes mean. It depends only on who plays."""
    frame = panel(MARKET_W, LEGEND_H)
    parts = [frame, text(10, 18, "Legend", font_size=12, font_weight="bold", fill=INK)]
    x = 10.0
    for terrain in TERRAINS:
        parts.append(
            tag(
                "circle",
                cx=x + 10,
                cy=36,
                r=10,
                fill=TERRAIN_FILL[terrain],
                stroke=INK,
                stroke_width=1,
            )
        )
        parts.append(terrain_icon(terrain, x + 10, 36, 0.8))
        parts.append(text(x + 24, 40, terrain, font_size=10, fill=INK))
        x += 30 + len(terrain) * 6.2
    parts.append(
        town_icon(x + 10, 36)
        + text(x + 24, 40, f"town, rebels n/{MAX_REBELS}", font_size=10, fill=INK)
    )
    parts.append(spiral_icon(20, 64, 8) + text(34, 68, "start zone", font_size=10, fill=INK))
    parts.append(
        group(tower("#d8d0c0", INK), transform="translate(114,63) scale(0.75)")
        + text(128, 68, "fortress, HP", font_size=10, fill=INK)
    )
    parts.append(
        group(tower("#9a9a9a", INK, ruined=True), transform="translate(214,63) scale(0.75)")
        + text(228, 68, "destroyed", font_size=10, fill=INK)
    )
    if players:  # the troops are drawn in the first player's color (none before Setup B)
        parts.append(_legend_troops(players[0]))
    x = 10.0
    for color in players:
        parts.append(group(badge(color, 17), transform=f"translate({num(x + 9)},94)"))
        parts.append(text(x + 22, 98, color, font_size=10, fill=INK))
        x += 36 + len(color) * 6.2
    parts.append(_legend_marks())
    return Section("legend", MARKET_W, LEGEND_H, "".join(parts))


def _legend_troops(color: str) -> str:
    standing, lying = (
        token(color, LETTERS[color] + "1", True),
        token(color, LETTERS[color] + "1", False),
    )
    return (
        group(standing, transform="translate(310,64)", **TOKEN_TEXT)
        + text(324, 68, "troop standing", font_size=10, fill=INK)
        + group(lying, transform="translate(428,64)", **TOKEN_TEXT)
        + text(444, 68, "lying down", font_size=10, fill=INK)
    )


def _legend_marks() -> str:
    y = 126
    ring = tag(
        "rect",
        x=10,
        y=y - 8,
        width=22,
        height=16,
        rx=5,
        fill=ACTION,
        fill_opacity=0.1,
        stroke=ACTION,
        stroke_width=2.5,
        stroke_dasharray="5 3",
    )
    parts = [ring, text(38, y + 4, "legal choice (click)", font_size=10, fill=INK)]
    x = 160.0
    for name, color in HIGHLIGHTS.items():
        parts.append(
            tag(
                "rect",
                x=x,
                y=y - 8,
                width=22,
                height=16,
                rx=5,
                fill="none",
                stroke=color,
                stroke_width=3,
            )
        )
        if name != "focus":
            parts.append(check_glyph(name == "good", x + 22, y - 8, color))
        parts.append(text(x + 34, y + 4, name, font_size=10, fill=INK))
        x += 90
    return "".join(parts)
