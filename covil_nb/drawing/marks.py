"""What a picture marks on top of the position.

The elements legal actions involve (``data-action`` and a dashed ring), a
tutorial's highlights (a solid ring, a ✓ or ✗, or a short label) and arrows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from covil_nb.model import Action, CovilError, Game
from covil_nb.model.language import Text, tr
from covil_nb.model.words import color_name, stat_name

from .elements import FORTRESS_TARGET, KIND_NAMES, attribute, elements_of
from .style import ACTION, ARROWS, HIGHLIGHTS, check_glyph
from .svg import group, num, points, tag, text, text_width

RULE = "drawing"
MAX_LABEL = 40
#: Separates the notations in ``data-actions`` when several actions share an element.
SEPARATOR = "|"


@dataclass(frozen=True)
class Box:
    """An element's outline in its section's coordinates; ``round`` for a circle."""

    x: float
    y: float
    w: float
    h: float
    round: bool = False


@dataclass(frozen=True)
class Marks:
    """Legal actions and highlights, by element key."""

    actions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    styles: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        game: Game,
        actions: Iterable[Action | str] | None = None,
        highlight: Mapping[str, str] | None = None,
    ) -> Marks:
        by_element: dict[str, list[str]] = {}
        for action in actions or ():
            chosen = Action.parse(action) if isinstance(action, str) else action
            for element in elements_of(chosen, game):
                by_element.setdefault(element, []).append(str(chosen))
        styles = dict(highlight or {})
        for element, style in styles.items():
            check_element(game, element)
            if not isinstance(style, str) or not 0 < len(style) <= MAX_LABEL:
                raise CovilError(
                    tr(
                        "highlight {element}: give a style ({highlights}) or a label of 1 to "
                        "{max_label} characters, not {style}",
                        element=repr(element),
                        highlights=", ".join(HIGHLIGHTS),
                        max_label=MAX_LABEL,
                        style=repr(style),
                    ),
                    RULE,
                )
        return cls({k: tuple(v) for k, v in by_element.items()}, styles)

    def data(self, element: str) -> dict[str, str]:
        """The attributes that let a click choose: one action, or the list."""
        chosen = self.actions.get(element, ())
        if len(chosen) == 1:
            return {"data_action": chosen[0]}
        if chosen:
            return {"data_actions": SEPARATOR.join(chosen)}
        return {}

    def halo(self, element: str, box: Box, pad: float = 3) -> str:
        """Rings around ``box``: dashed for a legal action, solid for a highlight."""
        parts = []
        if element in self.actions:
            # A light fill keeps the whole element clickable, not only its ring.
            parts.append(_ring(box, pad, ACTION, 2.5, "5 3", fill=ACTION))
        style = self.styles.get(element)
        if style is not None:
            color = HIGHLIGHTS.get(style, HIGHLIGHTS["focus"])
            parts.append(_ring(box, pad + 3.5, color, 3.5, None))
            corner_x, corner_y = box.x + box.w + pad, box.y - pad
            if box.round:  # on the ring, up and to the right
                r = max(box.w, box.h) / 2 + pad + 3.5
                corner_x = box.x + box.w / 2 + r * 0.71
                corner_y = box.y + box.h / 2 - r * 0.71
            if style in ("good", "bad"):
                parts.append(check_glyph(style == "good", corner_x, corner_y, color))
            elif style not in HIGHLIGHTS:
                parts.append(_label(style, box.x + box.w / 2, box.y - pad - 7, color))
        return "".join(parts)


def _toward(a: tuple[float, float], b: tuple[float, float], step: float) -> tuple[float, float]:
    """The point ``step`` from ``a`` toward ``b``."""
    d = math.hypot(b[0] - a[0], b[1] - a[1]) or 1
    return a[0] + (b[0] - a[0]) / d * step, a[1] + (b[1] - a[1]) / d * step


def _ring(
    box: Box, pad: float, color: str, width: float, dash: str | None, fill: str = "none"
) -> str:
    paint = {
        "fill": fill,
        "fill_opacity": 0.1 if fill != "none" else None,
        "stroke": color,
        "stroke_width": width,
        "stroke_dasharray": dash,
    }
    if box.round:
        r = max(box.w, box.h) / 2 + pad
        return tag("circle", cx=box.x + box.w / 2, cy=box.y + box.h / 2, r=r, **paint)
    return tag(
        "rect",
        x=box.x - pad,
        y=box.y - pad,
        width=box.w + 2 * pad,
        height=box.h + 2 * pad,
        rx=4 + pad,
        **paint,
    )


def _label(words: str, x: float, y: float, color: str) -> str:
    """A short label in a coloured tag centred above (x, y): a note on the
    picture, drawn over what it marks (``data-note``), not part of it."""
    w = text_width(words, 11) + 10
    return group(
        tag("rect", x=x - w / 2, y=y - 9, width=w, height=16, rx=8, fill=color),
        text(x, y + 4, words, font_size=11, font_weight="bold", text_anchor="middle", fill="#fff"),
        data_note="",
    )


def check_element(game: Game, element: str) -> None:
    """``element`` names something of this game (it may be off the board now)."""
    name, ident = attribute(element)
    kind = name.removeprefix("data-")
    colors = game.players
    known = {
        "zone": lambda: ident in game.board.zones,
        "rebels": lambda: ident == game.board.town,
        "troop": lambda: any(t.id == ident for c in colors for t in game.player(c).troops),
        "fortress": lambda: ident in colors,
        "gold": lambda: ident in colors,
        "hp": lambda: ident in colors,
        "coin": lambda: _is_coin(ident, colors),
        "card": lambda: ident in game.cards,
    }[kind]
    if not known():
        raise CovilError(
            tr(
                "{element} names no {kind} of this game",
                element=repr(element),
                kind=KIND_NAMES.get(kind, kind),
            ),
            RULE,
        )


def _is_coin(ident: str, colors: list[str]) -> bool:
    color, _, number = ident.rpartition("-")
    return color in colors and number in ("1", "2", "3", "4", "5")


# -- arrows --------------------------------------------------------------------------


def arrow(
    start: tuple[float, float],
    end: tuple[float, float],
    style: str,
    gap: tuple[float, float] = (0, 0),
    **named: str,
) -> str:
    """A gently curved arrow from ``start`` to ``end`` (the bend keeps it off
    the pieces between them), stopping ``gap`` short of each end; drawn with
    plain shapes (markers would need ids) over a light outline; ``named``
    attributes go on its group."""
    color = ARROWS.get(style)
    if color is None:
        raise CovilError(
            tr(
                "arrow style {style}: choose one of {arrows}",
                style=repr(style),
                arrows=", ".join(ARROWS),
            ),
            RULE,
        )
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 1:
        return ""
    # The control point bends the curve to the left; a short arrow (a melee
    # attack inside a zone) bends most, to arc over the pieces between.
    bend = min(max(0.22 * length, 34 - 0.1 * length), 40)
    cx = (x1 + x2) / 2 + (y2 - y1) / length * bend
    cy = (y1 + y2) / 2 - (x2 - x1) / length * bend
    ax, ay = _toward((x1, y1), (cx, cy), gap[0])
    bx, by = _toward((x2, y2), (cx, cy), gap[1])
    tangent = math.hypot(bx - cx, by - cy)
    tx, ty = (bx - cx) / tangent, (by - cy) / tangent
    head = 11
    hx, hy = bx - tx * head, by - ty * head  # where the head begins
    wing = points(bx, by, hx - ty * 6, hy + tx * 6, hx + ty * 6, hy - tx * 6)
    line = f"M{num(ax)},{num(ay)}Q{num(cx)},{num(cy)} {num(hx)},{num(hy)}"
    dash = "7 4" if style == "move" else None
    return group(
        tag(
            "path",
            d=line,
            fill="none",
            stroke="#ffffff",
            stroke_width=7,
            stroke_opacity=0.8,
            stroke_linecap="round",
        ),
        tag(
            "polygon",
            points=wing,
            fill="#ffffff",
            stroke="#ffffff",
            stroke_width=3,
            stroke_linejoin="round",
        ),
        tag(
            "path",
            d=line,
            fill="none",
            stroke=color,
            stroke_width=3.5,
            stroke_dasharray=dash,
            stroke_linecap="round",
        ),
        tag("polygon", points=wing, fill=color),
        data_arrow=style,
        **named,
    )


# -- the combat under way ------------------------------------------------------------


@dataclass(frozen=True)
class CombatMark:
    """The combat under way, as the picture shows it: an attack arrow from
    ``source`` to ``target`` (element keys) and a sentence."""

    source: str
    target: str
    sentence: str


def combat_mark(game: Game) -> CombatMark | None:
    """The combat under way once its target is declared (the rebels attack
    from the town); None otherwise."""
    combat = game.combat
    if combat is None:
        return None
    if combat.target.startswith(FORTRESS_TARGET):
        owner = combat.target.removeprefix(FORTRESS_TARGET)
        target = f"fortress:{owner}"
        whom: Text | str = tr("{color}'s fortress", color=color_name(owner))
    else:
        target, whom = f"troop:{combat.target}", combat.target
    if combat.attacker:
        source = f"troop:{combat.troop}"
        who = tr(
            "{color}'s {troop} attacks {target} ({style})",
            color=color_name(combat.attacker),
            troop=combat.troop,
            target=whom,
            style=stat_name(combat.style),
        )
    else:
        source, who = f"zone:{game.board.town}", tr("the rebels attack {target}", target=whom)
    said = {"who": who, "attack": combat.attack.total, "defense": combat.defense.total}
    if combat.responder:
        sentence = tr(
            "Combat under way: {who}: attack {attack} against defense {defense}; {color} to "
            "respond.",
            color=color_name(combat.responder),
            **said,
        )
    else:
        sentence = tr("Combat under way: {who}: attack {attack} against defense {defense}.", **said)
    return CombatMark(source, target, str(sentence))
