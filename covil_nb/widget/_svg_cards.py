"""Cards and what holds them: each player's Champions Hall (throne, minion
slots, treasury, fortress HP, relics in hand and active) and the market (the
mercenary pool and the decks).
"""

from __future__ import annotations

from typing import NamedTuple

from covil_nb.model import CovilError, Game
from covil_nb.model.cards import MinionCard, RelicCard
from covil_nb.model.state import EXHAUSTED, MAX_GOLD, MAX_HALL, MAX_HP, READY, TIRED, Player

from ._svg import CHAR_EM, Section, group, lines, num, tag, text, wrap
from ._svg_marks import RULE, Box, Marks
from ._svg_style import (
    BORDER,
    INK,
    MUTED,
    PLAYERS,
    TERRAIN_INK,
    badge,
    coin,
    panel,
    scepter_icon,
    shields,
    terrain_icon,
)
from .elements import purchase

CARD_W, CARD_H = 90.0, 126.0
GAP = 6.0
WIDTH = 1224.0  # a hall's width; the market's is MARKET_W
HALL_H = 156.0
MARKET_W = 596.0
_SIDE = 150.0  # the hall's left panel: name, tracks, troops
_CARDS_X = _SIDE + 8
_CARDS_Y = 24.0
_HAND_X = _CARDS_X + (MAX_HALL + 1) * (CARD_W + GAP) + 10
_CHIP_W, _CHIP_H = 124.0, 22.0
_CHIPS_X = WIDTH - _CHIP_W - 8
_TEXT = 7.2  # ability text size
_BACK_W, _BACK_H = CARD_W * 0.62, CARD_H * 0.62  # face-down piles
_GOLD_Y, _HP_Y = 84.0, 106.0  # the treasury and HP tracks, in the hall's left panel

_KIND_BAND = {"overlord": "#3d2f4f", "mercenary": "#7a5c3a"}
_RELIC_BAND = "#5b3f8c"


# -- one card -----------------------------------------------------------------------------------


def _header(band: str, ink: str, value: int, name: str, coin_fill: str) -> str:
    """The card's top band: a value disc (cost, or a relic's gold) and the name."""
    # A word too long for the band (Quartermaster) shrinks the name, never breaks.
    longest = max(len(word) for word in name.split())
    size = min(8.5, (CARD_W - 30) / (longest * CHAR_EM))
    rows = wrap(name, CARD_W - 30, size, most=2)
    top = 12.5 if len(rows) == 2 else 16.5
    return (
        tag("path", d=f"M0,6a6,6 0 0 1 6,-6H{num(CARD_W - 6)}a6,6 0 0 1 6,6V26H0Z", fill=band)
        + tag("circle", cx=12, cy=13, r=9, fill=coin_fill, stroke=INK, stroke_width=1)
        + text(
            12, 16.8, str(value), font_size=11, font_weight="bold", text_anchor="middle", fill=INK
        )
        + lines(25, top, rows, size, 9.5, font_weight="bold", fill=ink)
    )


def _ability(words: str, y: float, bottom: float) -> str:
    """The ability text from baseline ``y``, wrapped, down to ``bottom`` at most."""
    rows = wrap(words, CARD_W - 10, _TEXT, most=int((bottom - y) // 8.6) + 1)
    return lines(5, y, rows, _TEXT, 8.6, fill=INK)


def _state_token(state: str) -> str:
    """The exhaustion token the rulebook puts on the card: its exhausted side,
    its tired side, or none (ready), always with the word."""
    y = CARD_H - 11
    if state == READY:
        token = tag(
            "circle",
            cx=CARD_W - 13,
            cy=y,
            r=7,
            fill="none",
            stroke="#15803d",
            stroke_width=1.2,
            stroke_dasharray="2 1.6",
        )
        ink = "#15803d"
    elif state == TIRED:
        token = tag(
            "circle", cx=CARD_W - 13, cy=y, r=7, fill="#fde68a", stroke=INK, stroke_width=1.2
        ) + tag("path", d=f"M{num(CARD_W - 13)},{num(y - 7)}a7,7 0 0 1 0,14Z", fill="#b45309")
        ink = "#92400e"
    else:
        token = tag(
            "circle", cx=CARD_W - 13, cy=y, r=7, fill="#7f1d1d", stroke=INK, stroke_width=1.2
        ) + tag(
            "path",
            d=f"M{num(CARD_W - 16.5)},{num(y - 3.5)}l7,7m0,-7l-7,7",
            stroke="#fff",
            stroke_width=1.8,
            stroke_linecap="round",
        )
        ink = "#7f1d1d"
    word = text(
        CARD_W - 23, y + 3, state, font_size=8, font_weight="bold", text_anchor="end", fill=ink
    )
    return token + word


def _ribbon(words: str, fill: str) -> str:
    """A tag across the card's middle: "pledged", "buying"."""
    return tag("rect", x=-3, y=56, width=CARD_W + 6, height=15, rx=3, fill=fill, stroke=INK) + text(
        CARD_W / 2, 67, words, font_size=10, font_weight="bold", text_anchor="middle", fill="#fff"
    )


def _at(x: float, y: float, scale: float) -> str:
    return f"translate({num(x)},{num(y)})" + (f" scale({scale:.3f})" if scale != 1 else "")


def _row(count: int, width: float) -> tuple[float, float]:
    """Cards in a row of ``width``: the step between them and their scale
    (smaller, never overlapping, when too many)."""
    full = count * (CARD_W + GAP) - GAP
    scale = min(1.0, width / full) if count else 1.0
    return (CARD_W + GAP) * scale, scale


def minion_card(
    card: MinionCard,
    x: float,
    y: float,
    marks: Marks,
    state: str | None = None,
    ribbon: tuple[str, str] | None = None,
    scale: float = 1.0,
) -> str:
    """A minion: cost, name, class, base stat and power, ability, and (in a
    hall) its exhaustion state."""
    element = f"card:{card.id}"
    band = PLAYERS[card.color][0] if card.color else _KIND_BAND[card.kind]
    ink = PLAYERS[card.color][1] if card.color else "#ffffff"
    tired = state in (TIRED, EXHAUSTED)
    body = tag(
        "rect",
        width=CARD_W,
        height=CARD_H,
        rx=6,
        fill="#ece6da" if tired else "#fffdf6",
        stroke=INK,
        stroke_width=1.2,
    )
    cls = text(5, 36, card.cls, font_size=8, font_style="italic", fill=MUTED)
    stat = tag(
        "rect", x=CARD_W - 50, y=28.5, width=46, height=11, rx=5.5, fill="#efe3c8", stroke="#b79f6e"
    ) + text(
        CARD_W - 27,
        36.8,
        f"{card.stat} {card.power}",
        font_size=8,
        font_weight="bold",
        text_anchor="middle",
        fill=INK,
    )
    parts = [
        body,
        _header(band, ink, card.cost, card.name, "#f5c842"),
        cls,
        stat,
        _ability(card.text, 50, CARD_H - 24),
    ]
    if state is not None:
        parts.append(_state_token(state))
    if ribbon:
        parts.append(_ribbon(*ribbon))
    parts.append(marks.halo(element, Box(0, 0, CARD_W, CARD_H)))
    return group(
        *parts,
        transform=_at(x, y, scale),
        data_card=card.id,
        data_state=state,
        **marks.data(element),
    )


def relic_card(
    card: RelicCard,
    x: float,
    y: float,
    marks: Marks,
    ribbon: tuple[str, str] | None = None,
    scale: float = 1.0,
) -> str:
    """A Power Relic: gold value, name, terrain, troop bonus and instant ability."""
    element = f"card:{card.id}"
    body = tag(
        "rect", width=CARD_W, height=CARD_H, rx=6, fill="#f3eefa", stroke=INK, stroke_width=1.2
    )
    # The terrain (a dummy heads for it when the relic is flipped) as its
    # icon, then the troop bonus; the ability text runs to the card's foot.
    bonus = ", ".join(f"+{v} {stat}" for stat, v in card.bonus)
    parts = [
        body,
        _header(_RELIC_BAND, "#ffffff", card.gold, card.name, "#f5c842"),
        terrain_icon(card.terrain, 11, 34, 0.8),
        text(21, 37, bonus, font_size=8, font_weight="bold", fill="#4c1d95"),
        _ability(card.text, 50, CARD_H - 6),
    ]
    if ribbon:
        parts.append(_ribbon(*ribbon))
    parts.append(marks.halo(element, Box(0, 0, CARD_W, CARD_H)))
    return group(*parts, transform=_at(x, y, scale), data_card=card.id, **marks.data(element))


def _backs(count: int, x: float, y: float, words: str, **named: str) -> str:
    """A face-down pile: a few stacked card backs and how many."""
    shown = min(count, 4)
    backs = "".join(
        tag(
            "rect",
            x=x + 4 * i,
            y=y + 4 * (shown - 1 - i) * 0.5,
            width=_BACK_W,
            height=_BACK_H,
            rx=5,
            fill="#4b3a66",
            stroke="#e9e1f5",
            stroke_width=1.5,
        )
        for i in range(shown)
    )
    if not count:
        backs = _placeholder(x, y, _BACK_W, _BACK_H)
    label = text(
        x + _BACK_W / 2 + 2 * shown,
        y + _BACK_H + 13,
        words,
        font_size=9,
        text_anchor="middle",
        fill=INK,
    )
    big = text(
        x + _BACK_W / 2 + 2 * shown,
        y + _BACK_H * 0.55,
        str(count),
        font_size=20,
        font_weight="bold",
        text_anchor="middle",
        fill="#ffffff" if count else MUTED,
    )
    return group(backs, big, label, **named)


# -- the Champions Hall ------------------------------------------------------------------------


def hall(game: Game, color: str, marks: Marks, viewer: str | None = None) -> Section:
    """One player's Champions Hall. ``viewer``: whose eyes; other players'
    hands show as a count. A dummy's relics are always face down."""
    if color not in game.players:
        raise CovilError(f"no {color!r} player in this game: {game.players}", RULE)
    p = game.player(color)
    pledge = _pledge(game, color)
    body, _ink, tint, _form = PLAYERS[color]
    deciding = game.decision is not None and game.decision.player == color
    frame = panel(WIDTH, HALL_H, tint, INK if deciding else BORDER, 3 if deciding else 1.5) + tag(
        "rect", x=1, y=1, width=8, height=HALL_H - 2, rx=4, fill=body
    )
    parts = [frame, _side(game, p, marks, pledge.gold), _minions(game, p, marks, pledge.minions)]
    parts.append(_relics(game, p, marks, viewer, pledge.relics))
    return Section(f"hall-{color}", WIDTH, HALL_H, group(*parts, data_hall=color))


class Pledge(NamedTuple):
    """What a player has pledged to the purchase being paid for."""

    gold: int = 0
    relics: tuple[str, ...] = ()
    minions: tuple[str, ...] = ()


def _pledge(game: Game, color: str) -> Pledge:
    buying = purchase(game)
    if buying is None or buying.player != color:
        return Pledge()
    return Pledge(buying.gold, tuple(buying.relics), tuple(buying.minions))


def _side(game: Game, p: Player, marks: Marks, pledged_gold: int) -> str:
    s = game.state
    parts = [
        group(badge(p.color, 20), transform="translate(26,24)"),
        text(42, 29, p.color, font_size=15, font_weight="bold", fill=INK),
    ]
    tags = ["dummy"] if s.is_dummy(p.color) else []
    if game.decision is not None and game.decision.player == p.color:
        tags.append("decides now")
    elif s.phase == "afternoon" and s.players[s.turn].color == p.color:
        tags.append("turn")
    x = 18.0
    for words in tags:
        parts.append(_pill(x, 47, words, INK if words == "decides now" else MUTED))
        x += len(words) * 5.6 + 16
    if s.players[s.scepter].color == p.color:
        parts.append(scepter_icon(24, 62) + text(34, 66, "Evil Scepter", font_size=9.5, fill=INK))
    parts.append(_treasury(p, marks, pledged_gold))
    parts.append(_hp_track(p, marks))
    on_board = len(p.on_board())
    supply = len(p.troops) - on_board
    parts.append(
        text(
            18, 126, f"Troops: {on_board} on the board, {supply} in supply", font_size=8.5, fill=INK
        )
    )
    if game.is_over:
        score = next(x for x in game.score() if x.player == p.color)
        won = " — wins" if p.color in game.winners else ""
        parts.append(
            text(18, 144, f"{score.total} VP{won}", font_size=12, font_weight="bold", fill=INK)
        )
    elif p.fortress:
        state = "destroyed" if p.destroyed else "fortress"
        parts.append(text(18, 144, f"{state} in zone {p.fortress}", font_size=9.5, fill=MUTED))
    return "".join(parts)


def _pill(x: float, y: float, words: str, fill: str) -> str:
    w = len(words) * 5.6 + 10
    return tag("rect", x=x, y=y - 7, width=w, height=14, rx=7, fill=fill) + text(
        x + w / 2,
        y + 3.3,
        words,
        font_size=9,
        font_weight="bold",
        text_anchor="middle",
        fill="#fff",
    )


def _treasury(p: Player, marks: Marks, pledged: int) -> str:
    """Gold: one coin per point. Each coin is its own element (``coin:<color>-n``)
    so that "pay gold n" has a coin of its own to click; pledged coins are ringed."""
    element = f"gold:{p.color}"
    coins = []
    for n in range(1, MAX_GOLD + 1):
        key = f"coin:{p.color}-{n}"
        x = 52 + 16.5 * (n - 1)
        ring = ""
        if n <= pledged:
            ring = tag("circle", cx=x, cy=_GOLD_Y, r=8.8, fill="none", stroke=INK, stroke_width=1.6)
        halo = marks.halo(key, Box(x - 6.5, _GOLD_Y - 6.5, 13, 13, round=True), pad=2)
        coins.append(
            group(
                coin(x, _GOLD_Y, 6.5, n <= p.gold),
                ring,
                halo,
                data_coin=f"{p.color}-{n}",
                **marks.data(key),
            )
        )
    label = text(18, _GOLD_Y + 3.5, "Gold", font_size=10, fill=INK)
    count = text(136, _GOLD_Y + 3.5, f"{p.gold}", font_size=10, font_weight="bold", fill=INK)
    extra = (
        text(136, _GOLD_Y + 13, f"{pledged} pledged", font_size=8, text_anchor="end", fill=MUTED)
        if pledged
        else ""
    )
    halo = marks.halo(element, Box(14, _GOLD_Y - 9, 130, 18))
    return group(
        label,
        *coins,
        count,
        extra,
        halo,
        data_gold=p.color,
        data_amount=str(p.gold),
        **marks.data(element),
    )


def _hp_track(p: Player, marks: Marks) -> str:
    element = f"hp:{p.color}"
    track = shields(52, _HP_Y, 16.5, p.hp, MAX_HP)
    label = text(18, _HP_Y + 3.5, "HP", font_size=10, fill=INK)
    count = text(136, _HP_Y + 3.5, f"{p.hp}", font_size=10, font_weight="bold", fill=INK)
    halo = marks.halo(element, Box(14, _HP_Y - 8.5, 130, 17))
    return group(
        label, track, count, halo, data_hp=p.color, data_amount=str(p.hp), **marks.data(element)
    )


def _minions(game: Game, p: Player, marks: Marks, pledged: tuple[str, ...]) -> str:
    parts = [
        text(_CARDS_X, 16, "Evil throne", font_size=9.5, font_weight="bold", fill=MUTED),
        text(
            _CARDS_X + CARD_W + GAP,
            16,
            f"Champions Hall ({len(p.hall)}/{MAX_HALL})",
            font_size=9.5,
            font_weight="bold",
            fill=MUTED,
        ),
    ]
    slots = [p.overlord, *p.hall]
    for i in range(MAX_HALL + 1):
        x = _CARDS_X + i * (CARD_W + GAP)
        minion = slots[i] if i < len(slots) else None
        if minion is None:
            parts.append(_empty_slot(x, "throne" if i == 0 else "empty slot"))
            continue
        ribbon = ("pledged", INK) if minion.card in pledged else None
        parts.append(
            minion_card(game.cards.minion(minion.card), x, _CARDS_Y, marks, minion.state, ribbon)
        )
    return "".join(parts)


def _placeholder(x: float, y: float, w: float, h: float) -> str:
    """Where a card would be: a dashed outline."""
    return tag(
        "rect",
        x=x,
        y=y,
        width=w,
        height=h,
        rx=6,
        fill="none",
        stroke="#b8ab95",
        stroke_dasharray="5 4",
    )


def _empty_slot(x: float, words: str) -> str:
    return _placeholder(x, _CARDS_Y, CARD_W, CARD_H) + text(
        x + CARD_W / 2,
        _CARDS_Y + CARD_H / 2 + 3,
        words,
        font_size=9,
        text_anchor="middle",
        fill=MUTED,
    )


def _relics(
    game: Game, p: Player, marks: Marks, viewer: str | None, pledged: tuple[str, ...]
) -> str:
    face_down = game.state.is_dummy(p.color) or viewer not in (None, p.color)
    parts = [
        text(
            _HAND_X,
            16,
            f"Relics in hand ({len(p.hand)})",
            font_size=9.5,
            font_weight="bold",
            fill=MUTED,
        )
    ]
    if face_down:
        words = "face down (dummy)" if game.state.is_dummy(p.color) else "face down"
        parts.append(
            _backs(
                len(p.hand),
                _HAND_X,
                _CARDS_Y + 4,
                words,
                data_hand=p.color,
                data_count=str(len(p.hand)),
            )
        )
    else:
        step, scale = _row(len(p.hand), _CHIPS_X - 10 - _HAND_X)
        for i, relic in enumerate(p.hand):
            ribbon = ("pledged", INK) if relic in pledged else None
            card = game.cards.relic(relic)
            parts.append(relic_card(card, _HAND_X + i * step, _CARDS_Y, marks, ribbon, scale))
        if not p.hand:
            parts.append(text(_HAND_X, _CARDS_Y + 14, "none", font_size=9.5, fill=MUTED))
    parts.append(
        text(
            _CHIPS_X,
            16,
            f"Active relics ({len(p.active)})",
            font_size=9.5,
            font_weight="bold",
            fill=MUTED,
        )
    )
    for i, relic in enumerate(p.active):
        parts.append(
            _active_chip(game.cards.relic(relic), _CHIPS_X, _CARDS_Y + i * (_CHIP_H + 4), marks)
        )
    return "".join(parts)


def _active_chip(card: RelicCard, x: float, y: float, marks: Marks) -> str:
    """An active relic: its instant is spent, only its troop bonus matters now."""
    element = f"card:{card.id}"
    bonus = ", ".join(f"+{v} {stat}" for stat, v in card.bonus)
    return group(
        tag("rect", width=_CHIP_W, height=_CHIP_H, rx=5, fill="#e9defa", stroke=_RELIC_BAND),
        text(5, 9.5, card.name, font_size=8, font_weight="bold", fill=INK),
        text(5, 18.5, bonus, font_size=7.5, fill="#4c1d95"),
        marks.halo(element, Box(0, 0, _CHIP_W, _CHIP_H)),
        transform=f"translate({num(x)},{num(y)})",
        data_card=card.id,
        data_active="true",
        **marks.data(element),
    )


# -- the market ---------------------------------------------------------------------------------


MARKET_H = 268.0


def market(game: Game, marks: Marks) -> Section:
    """The mercenary pool (with the card being bought, if any) and the piles."""
    s = game.state
    buying = purchase(game)
    frame = panel(MARKET_W, MARKET_H)
    parts = [
        frame,
        text(10, 18, f"Mercenary pool ({len(s.pool)})", font_size=12, font_weight="bold", fill=INK),
    ]
    step, scale = _row(len(s.pool), MARKET_W - 20)
    for i, card in enumerate(s.pool):
        ribbon = ("buying", "#0e7490") if buying and card == buying.card else None
        minion = game.cards.minion(card)
        parts.append(minion_card(minion, 10 + i * step, 26, marks, ribbon=ribbon, scale=scale))
    y = 26 + CARD_H + 12
    piles = (
        ("mercenary deck", len(s.mercenary_deck), "mercenaries"),
        ("minion discard", len(s.minion_discard), "minion-discard"),
        ("relic deck", len(s.relic_deck), "relics"),
        ("relic discard", len(s.relic_discard), "relic-discard"),
    )
    for i, (words, count, name) in enumerate(piles):
        parts.append(_backs(count, 10 + i * 88, y, words, data_pile=name, data_count=str(count)))
    if s.relic_discard:
        top = game.cards.relic(s.relic_discard[-1])
        parts.append(_discard_top(top, 10 + 4 * 88, y))
    return Section("market", MARKET_W, MARKET_H, "".join(parts))


def _discard_top(card: RelicCard, x: float, y: float) -> str:
    """The relic discard's top card is face up (a dummy flips relics onto it)."""
    return group(
        text(x, y + 10, "top of relic discard:", font_size=9, fill=MUTED),
        text(x, y + 24, card.name, font_size=10, font_weight="bold", fill=INK),
        terrain_icon(card.terrain, x + 6, y + 36, 0.8),
        text(
            x + 16,
            y + 39,
            card.terrain,
            font_size=9,
            font_style="italic",
            fill=TERRAIN_INK[card.terrain],
        ),
        data_discard_top=card.id,
    )
