"""The look of the picture: colours, the players' shapes, small icons.

The picture paints its own background, so one palette reads the same on a
light or a dark page. Nothing relies on colour alone: each player's pieces
carry its letter and a shape of its own, each terrain an icon, each minion
state a token with its word.
"""

from __future__ import annotations

from .svg import INK, group, num, pips, points, tag, text

MUTED = "#6b6257"
PAPER = "#f4efe4"  # the picture's background
PANEL = "#fffdf7"
BORDER = "#d8ccb6"  # panel borders

#: Each player's fill, the ink that reads on it, a light tint for its hall, and its shape.
PLAYERS = {
    "yellow": ("#f2c230", "#3b2f00", "#fbf3d2", "circle"),
    "red": ("#d4402b", "#ffffff", "#f8e2dc", "square"),
    "green": ("#3a9a4c", "#ffffff", "#e0f0e2", "triangle"),
    "blue": ("#3868d4", "#ffffff", "#e0e8f8", "diamond"),
}
LETTERS = {"yellow": "Y", "red": "R", "green": "G", "blue": "B"}

TERRAIN_FILL = {
    "water": "#a9d2ec",
    "desert": "#f1d79c",
    "mountain": "#c3b4a5",
    "forest": "#9fcb98",
}
TERRAIN_INK = {
    "water": "#2f6f9f",
    "desert": "#a0722a",
    "mountain": "#5b4a3c",
    "forest": "#2f6b36",
}
TOWN_INK = "#6b3f22"

# Highlights: legal actions, and the tutorial styles. Distinct from the four
# player colours by hue and by line: actions are dashed, highlights solid.
ACTION = "#c026d3"
# A player's own colours, which a dark board must not turn over (board.css):
# yellow stays yellow, and its letter legible on it.
KEEP = "covil-keep"
HIGHLIGHTS = {"focus": "#0e7490", "good": "#15803d", "bad": "#b91c1c"}
ARROWS = {"move": "#334155", "attack": "#b91c1c", **HIGHLIGHTS}


def panel(
    width: float, height: float, fill: str = PANEL, stroke: str = BORDER, line: float = 1.5
) -> str:
    """A section's rounded background, inset so its border shows whole."""
    return tag(
        "rect",
        x=1,
        y=1,
        width=width - 2,
        height=height - 2,
        rx=10,
        fill=fill,
        stroke=stroke,
        stroke_width=line,
    )


def shape(color: str, size: float, *, fill: str | None = None, **named: str | float) -> str:
    """The player's token shape centred on (0, 0), ``size`` across."""
    body, _ink, _tint, form = PLAYERS[color]
    h = size / 2
    paint = {"fill": fill or body, "stroke": INK, "stroke_width": 1.2, **named}
    if form == "circle":
        return tag("circle", r=h, **paint)
    if form == "square":
        return tag("rect", x=-h * 0.9, y=-h * 0.9, width=h * 1.8, height=h * 1.8, rx=2, **paint)
    if form == "triangle":
        return tag(
            "polygon", points=points(0, -h * 1.15, h * 1.1, h * 0.8, -h * 1.1, h * 0.8), **paint
        )
    return tag(
        "polygon", points=points(0, -h * 1.15, h * 1.15, 0, 0, h * 1.15, -h * 1.15, 0), **paint
    )


def badge(color: str, size: float, label: str | None = None) -> str:
    """A player's shape with its letter (or ``label``) on it, centred on (0, 0)."""
    _body, ink, _tint, form = PLAYERS[color]
    font = size * (0.5 if label and len(label) > 1 else 0.6)
    lift = size * 0.16 if form == "triangle" else 0
    letter = text(
        0,
        lift + font * 0.36,
        label or LETTERS[color],
        font_size=font,
        font_weight="bold",
        text_anchor="middle",
        fill=ink,
    )
    return group(shape(color, size), letter, class_=KEEP)


# Terrain icons, about 14 units across, centred on (0, 0).
_TERRAIN_PATHS = {
    "water": "M-7,-2.5q2,-2.5 3.5,0t3.5,0t3.5,0t3.5,0M-7,2.5q2,-2.5 3.5,0t3.5,0t3.5,0t3.5,0",
    "desert": "M-7,4q3.5,-7 7,-1q2.5,-4 7,1M-3,-4.5h0.1M2,-6h0.1M5,-3h0.1",
    "mountain": "M-7.5,5L-2,-5L1.5,1L3.5,-2L7.5,5Z",
    "forest": "M0,-6.5L5,1.5H-5ZM0,1.5V6M-1.5,6H1.5",
}


def terrain_icon(terrain: str, x: float, y: float, scale: float = 1.0) -> str:
    ink = TERRAIN_INK[terrain]
    filled = terrain in ("mountain", "forest")
    return tag(
        "path",
        d=_TERRAIN_PATHS[terrain],
        transform=f"translate({num(x)},{num(y)}) scale({num(scale)})",
        fill=ink if filled else "none",
        fill_opacity=0.3 if filled else None,
        stroke=ink,
        stroke_width=1.3,
        stroke_linecap="round",
        stroke_linejoin="round",
    )


def town_icon(x: float, y: float, scale: float = 1.0) -> str:
    """Two little houses."""
    return tag(
        "path",
        d="M-8,6V0L-4,-4L0,0V6ZM0,6V-2L4,-6L8,-2V6Z",
        transform=f"translate({num(x)},{num(y)}) scale({num(scale)})",
        fill="#f6e7d2",
        stroke=TOWN_INK,
        stroke_width=1.3,
        stroke_linejoin="round",
    )


def spiral_icon(x: float, y: float, r: float = 8) -> str:
    """The start-zone spiral printed on the board."""
    s = r / 8
    d = "M0,0c1.5,0 1.5,2.2 0,2.2c-2.5,0 -2.8,-4.2 0,-4.2c4,0 4.3,6.3 0,6.3c-5.5,0 -5.8,-8.4 0,-8.4"
    return group(
        tag("circle", r=r, fill="#fffaf0", stroke="#6d28d9", stroke_width=1.2),
        tag("path", d=d, fill="none", stroke="#6d28d9", stroke_width=1.4, stroke_linecap="round"),
        transform=f"translate({num(x)},{num(y)}) scale({num(s)})",
    )


def tower(fill: str, ink: str, *, ruined: bool = False) -> str:
    """A fortress tower about 26 wide and 24 tall, centred on (0, 0);
    a ruin has a broken top and is crossed out."""
    top = (
        "L-9,-9L-5,-5L-2,-10L2,-6L6,-11L9,-7" if ruined else "L-9,-12H-4V-8H-1.5V-12H1.5V-8H4V-12H9"
    )
    body = tag(
        "path",
        d=f"M-11,12V-1L-9,-3{top}V-3L11,-1V12Z",
        fill=fill,
        stroke=INK,
        stroke_width=1.3,
        stroke_linejoin="round",
    )
    door = tag("path", d="M-2.5,12V9a2.5,2.5 0 0 1 5,0V12Z", fill=ink, fill_opacity=0.5)
    if not ruined:
        return body + door
    cross = tag(
        "path", d="M-12,-10L12,12M12,-10L-12,12", stroke=INK, stroke_width=3, stroke_linecap="round"
    )
    return body + door + cross


def check_glyph(ok: bool, x: float, y: float, color: str) -> str:
    """A ✓ (good) or ✗ (bad) drawn as lines, in a small disc."""
    d = "M-3.5,0L-1,3L4,-3.5" if ok else "M-3,-3L3,3M3,-3L-3,3"
    return group(
        tag("circle", r=6.5, fill=color, stroke="#ffffff", stroke_width=1.5),
        tag("path", d=d, fill="none", stroke="#ffffff", stroke_width=2, stroke_linecap="round"),
        transform=f"translate({num(x)},{num(y)})",
    )


def scepter_icon(x: float, y: float) -> str:
    """The Evil Scepter: a staff with a gem."""
    return group(
        tag("path", d="M-5,8L4,-3", stroke="#4a3426", stroke_width=2.4, stroke_linecap="round"),
        tag("circle", cx=5, cy=-4.5, r=3.8, fill="#9333ea", stroke=INK, stroke_width=1),
        transform=f"translate({num(x)},{num(y)})",
    )


def coin(x: float, y: float, r: float, full: bool, **named: str | float) -> str:
    return tag(
        "circle",
        cx=x,
        cy=y,
        r=r,
        fill="#f5c842" if full else "none",
        stroke="#8a6a00" if full else "#b8ab95",
        stroke_width=1.2,
        stroke_dasharray=None if full else "2 1.5",
        **named,
    )


def shields(x: float, y: float, step: float, hp: int, most: int, size: float = 1.0) -> str:
    """A fortress's HP: ``most`` small shields centred from (x, y), ``step``
    apart, the first ``hp`` filled."""
    w, side, tip = 8 * size, 6 * size, 3.5 * size
    shield = f"h{num(w)}v{num(side)}l{num(-w / 2)},{num(tip)}l{num(-w / 2)},{num(-tip)}z"
    xs = [x - w / 2 + step * i for i in range(most)]
    on = {"fill": "#c2413a", "stroke": "#7a1d17", "stroke_width": 1}
    off = {"fill": "none", "stroke": "#b8ab95", "stroke_width": 1, "stroke_dasharray": "2 1.5"}
    return pips(xs, y - (side + tip) / 2, shield, hp, on, off)
