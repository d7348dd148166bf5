"""Cards and what holds them: each player's Champions Hall, and the market.

A hall is a header with the treasury, fortress HP and troops, a row of
minion cards, and the relics under them; the market is the mercenary pool
in rows, and the piles under it.

Every section here is :data:`WIDTH` wide, the width of the whole picture
less its margins, and every text a player reads is at least 11 units tall:
a picture shown 900 pixels wide (a notebook's output area) shows it at
about 11 pixels or more.

A card's face depends only on the card, its exhaustion state and its ribbon,
so it is drawn once and kept (:func:`_minion_face`, :func:`_relic_face`); a
position places the kept faces and adds its marks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Final, NamedTuple

from covil_nb.model import CovilError, Game
from covil_nb.model.cards import MinionCard, RelicCard
from covil_nb.model.language import N_, language, named, ntr, tr
from covil_nb.model.state import EXHAUSTED, MAX_GOLD, MAX_HALL, MAX_HP, READY, TIRED, Player, State
from covil_nb.model.views import hand_hidden
from covil_nb.model.words import class_name, color_name, stat_name, state_name, terrain_name

from .elements import purchase
from .marks import RULE, Box, Marks
from .style import (
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
from .svg import BOLD_EM, Section, fit, group, lines, num, tag, text, text_width

WIDTH = 884.0  # every full-width section: the status, the market, each hall
CARD_W, CARD_H = 137.0, 160.0
GAP = 7.0
TEXT = 11.0  # the smallest text a player must read (ability text, labels)
_LINE = 13.5  # between lines of ability text
#: A relic in hand is a wide tile, as wide as two minion cards.
RELIC_W, RELIC_H = 2 * CARD_W + GAP, 96.0
_CHIP_H = 28.0  # an active relic: name and bonus on one line
_CHIPS_PER_SLOT = 3  # active relics stacked in the room of one tile

# The hall: a header (name, tags, treasury, HP, troops), then the row of
# minions, then the relics in rows of tiles.
_LEFT = 16.0  # right of the player's colour bar
_HEAD_ROW1, _HEAD_ROW2 = 28.5, 53.0  # the header's baselines
_CARDS_Y = 84.0
_RELICS_Y = _CARDS_Y + CARD_H + 26  # the first row of relic tiles
_SLOTS_PER_ROW = 3
_ROW_STEP = RELIC_H + 24  # a row of tiles and the label line above the next
# The treasury and the HP track, in the header's second row.
_COIN_STEP = 19.0
# Where the header's second row puts its parts at the least (English words
# fit there); longer words push the parts after them right (see _Row).
_COIN_X, _HP_LABEL_X, _TROOPS_X = 64.0, 252.0, 420.0

# The market: the pool in rows of six, the piles under it.
_POOL_PER_ROW = 6
_POOL_X = (WIDTH - (_POOL_PER_ROW * CARD_W + (_POOL_PER_ROW - 1) * GAP)) / 2
_POOL_Y = 30.0
_BACK_W, _BACK_H = 46.0, 64.0  # a face-down card in a pile
_PILE_STEP = 150.0

_KIND_BAND = {"overlord": "#3d2f4f", "mercenary": "#7a5c3a"}
_RELIC_BAND = "#5b3f8c"
_RELIC_INK = "#4c1d95"


# -- one card ------------------------------------------------------------------------------------


def _header(band: str, ink: str, value: int, name: str, width: float) -> str:
    """A card's top band: a value disc (cost, or a relic's gold) and the name,
    on one line or two."""
    room = width - 34
    # A word too long for the band shrinks the name, never breaks it.
    longest = max(len(word) for word in name.split())
    rows, size = fit(name, room, min(12.0, room / (longest * BOLD_EM)), 2, bold=True)
    top = 13.5 if len(rows) == 2 else 19.5
    return (
        tag("path", d=f"M0,7a7,7 0 0 1 7,-7H{num(width - 7)}a7,7 0 0 1 7,7V30H0Z", fill=band)
        + tag("circle", cx=14, cy=15, r=10.5, fill="#f5c842", stroke=INK, stroke_width=1)
        + text(
            14, 19.3, str(value), font_size=12, font_weight="bold", text_anchor="middle", fill=INK
        )
        + lines(29, top, rows, size, 12, font_weight="bold", fill=ink)
    )


def _ability(words: str, y: float, bottom: float, width: float) -> str:
    """The ability text from baseline ``y``, wrapped, down to ``bottom`` at
    most: smaller when it needs more lines (a card set of one's own may hold
    longer texts), never cut."""
    rows, size = fit(words, width - 11, TEXT, int((bottom - y) // _LINE) + 1)
    return lines(6, y, rows, size, _LINE * size / TEXT, fill=INK)


def _state_token(state: str) -> str:
    """The exhaustion token the rulebook puts on the card: its exhausted side,
    its tired side, or none (ready), always with the word."""
    x, y = CARD_W - 14, CARD_H - 13
    if state == READY:
        token = tag(
            "circle",
            cx=x,
            cy=y,
            r=7.5,
            fill="none",
            stroke="#15803d",
            stroke_width=1.3,
            stroke_dasharray="2 1.6",
        )
        ink = "#15803d"
    elif state == TIRED:
        token = tag("circle", cx=x, cy=y, r=7.5, fill="#fde68a", stroke=INK, stroke_width=1.2)
        token += tag("path", d=f"M{num(x)},{num(y - 7.5)}a7.5,7.5 0 0 1 0,15Z", fill="#b45309")
        ink = "#92400e"
    else:
        token = tag("circle", cx=x, cy=y, r=7.5, fill="#7f1d1d", stroke=INK, stroke_width=1.2)
        token += tag(
            "path",
            d=f"M{num(x - 3.5)},{num(y - 3.5)}l7,7m0,-7l-7,7",
            stroke="#fff",
            stroke_width=1.8,
            stroke_linecap="round",
        )
        ink = "#7f1d1d"
    word = text(
        x - 12,
        y + 4,
        str(state_name(state)),
        font_size=TEXT,
        font_weight="bold",
        text_anchor="end",
        fill=ink,
    )
    return token + word


def _ribbon(words: str, fill: str, x: float, y: float, w: float) -> str:
    """A tag on a card, where it hides no text: "pledged", "buying" (named
    in English, said in the language of the moment)."""
    band = tag("rect", x=x, y=y, width=w, height=18, rx=4, fill=fill, stroke=INK)
    return band + text(
        x + w / 2,
        y + 13.5,
        str(named(words)),
        font_size=12,
        font_weight="bold",
        text_anchor="middle",
        fill="#fff",
    )


Ribbon = tuple[str, str] | None  # (words, fill)
_PILL_ROW = 15.0  # how much lower a stat's pill goes under a long class
PLEDGED: Final = (N_("pledged"), INK)
BUYING: Final = (N_("buying"), "#0e7490")


# A face is kept for each language it is said in (``code``, the language of
# the moment, which the drawing says it in).
@lru_cache(maxsize=1024)
def _minion_face(card: MinionCard, state: str | None, ribbon: Ribbon, code: str) -> str:
    """A minion's face: cost, name, class, base stat and power, ability, and
    (in a hall) its exhaustion state. Kept: it depends on nothing else."""
    band = PLAYERS[card.color][0] if card.color else _KIND_BAND[card.kind]
    ink = PLAYERS[card.color][1] if card.color else "#ffffff"
    tired = state in (TIRED, EXHAUSTED)
    body = tag(
        "rect",
        width=CARD_W,
        height=CARD_H,
        rx=7,
        fill="#ece6da" if tired else "#fffdf6",
        stroke=INK,
        stroke_width=1.2,
    )
    words = f"{stat_name(card.stat)} {card.power}"
    pill = max(66.0, text_width(words, TEXT, bold=True) + 6)  # "defense 3" in a wide bold font
    said = str(class_name(card.cls))
    # The class left of the stat's pill; where both do not fit in a row (longer
    # words: "Feiticeiro", "corpo a corpo 2"), the pill goes under the class.
    below = 6 + text_width(said, TEXT) > CARD_W - 4 - pill  # (an estimate wide enough)
    lower = _PILL_ROW if below else 0.0
    cls = text(6, 48.5, said, font_size=TEXT, font_style="italic", fill=MUTED)
    stat = tag(
        "rect",
        x=CARD_W - 4 - pill,
        y=37 + lower,
        width=pill,
        height=15,
        rx=7.5,
        fill="#efe3c8",
        stroke="#b79f6e",
    ) + text(
        CARD_W - 4 - pill / 2,
        48.3 + lower,
        words,
        font_size=TEXT,
        font_weight="bold",
        text_anchor="middle",
        fill=INK,
    )
    parts = [
        body,
        _header(band, ink, card.cost, str(named(card.name)), CARD_W),
        cls,
        stat,
        _ability(str(named(card.text)), 68 + lower, CARD_H - 26, CARD_W),
    ]
    if ribbon:  # over the state row: a card pledged or bought changes hands
        parts.append(_ribbon(*ribbon, -3, CARD_H - 23, CARD_W + 6))
    elif state is not None:
        parts.append(_state_token(state))
    return "".join(parts)


def minion_card(
    card: MinionCard,
    x: float,
    y: float,
    marks: Marks,
    state: str | None = None,
    ribbon: Ribbon = None,
) -> str:
    """A minion card at (x, y), with its marks."""
    element = f"card:{card.id}"
    return group(
        _minion_face(card, state, ribbon, language()),
        marks.halo(element, Box(0, 0, CARD_W, CARD_H)),
        transform=_at(x, y),
        data_card=card.id,
        data_state=state,
        **marks.data(element),
    )


def _bonus(card: RelicCard) -> str:
    return ", ".join(f"+{v} {stat_name(stat)}" for stat, v in card.bonus)


@lru_cache(maxsize=256)
def _relic_face(card: RelicCard, ribbon: Ribbon, code: str) -> str:
    """A Power Relic in hand, as a wide tile: gold value, name, terrain (a
    dummy heads for it when the relic is flipped), troop bonus, and the
    instant ability."""
    body = tag(
        "rect", width=RELIC_W, height=RELIC_H, rx=7, fill="#f3eefa", stroke=INK, stroke_width=1.2
    )
    band = tag(
        "path", d=f"M0,7a7,7 0 0 1 7,-7H{num(RELIC_W - 7)}a7,7 0 0 1 7,7V26H0Z", fill=_RELIC_BAND
    )
    value = tag("circle", cx=14, cy=13, r=9.5, fill="#f5c842", stroke=INK, stroke_width=1) + text(
        14, 17, str(card.gold), font_size=12, font_weight="bold", text_anchor="middle", fill=INK
    )
    name = text(30, 17.5, str(named(card.name)), font_size=12, font_weight="bold", fill="#ffffff")
    terrain = terrain_icon(card.terrain, 14, 40, 0.85) + text(
        26,
        44,
        str(terrain_name(card.terrain)),
        font_size=TEXT,
        font_style="italic",
        fill=TERRAIN_INK[card.terrain],
    )
    bonus = text(
        RELIC_W - 8,
        44,
        _bonus_label(card),
        font_size=TEXT,
        font_weight="bold",
        text_anchor="end",
        fill=_RELIC_INK,
    )
    ability = _ability(str(named(card.text)), 62, RELIC_H, RELIC_W)
    parts = [body, band, value, name, terrain, bonus, ability]
    if ribbon:  # at the band's right end, clear of the name
        parts.append(_ribbon(*ribbon, RELIC_W - 86, 4, 80))
    return "".join(parts)


def _bonus_label(card: RelicCard) -> str:
    """ "troop bonus +2 ranged" beside the terrain; just the bonuses where the
    words would run into the terrain's name, and nothing where even they
    would (longer words: "+1 defesa, +1 corpo a corpo"): the ability text
    says the troop bonus under it."""
    room = RELIC_W - 8 - (26 + text_width(str(terrain_name(card.terrain)), TEXT) + GAP)
    for label in (str(tr("troop bonus {bonus}", bonus=_bonus(card))), _bonus(card)):
        if text_width(label, TEXT, bold=True) <= room:
            return label
    return ""


def relic_card(card: RelicCard, x: float, y: float, marks: Marks, ribbon: Ribbon = None) -> str:
    """A Power Relic in hand at (x, y), with its marks."""
    element = f"card:{card.id}"
    return group(
        _relic_face(card, ribbon, language()),
        marks.halo(element, Box(0, 0, RELIC_W, RELIC_H)),
        transform=_at(x, y),
        data_card=card.id,
        **marks.data(element),
    )


def _active_chip(card: RelicCard, x: float, y: float, marks: Marks) -> str:
    """An active relic: its instant is spent, only its troop bonus matters now.
    The name and the bonus share a line where both fit, else the bonus goes
    under the name, at the right."""
    element = f"card:{card.id}"
    bonus, name = _bonus(card), str(named(card.name))
    name_end = 8 + text_width(name, 12, bold=True) + GAP
    one_line = name_end <= RELIC_W - 8 - text_width(bonus, TEXT, bold=True)
    name_y, bonus_y = (18.5, 18.5) if one_line else (12.5, 24.5)
    return group(
        tag("rect", width=RELIC_W, height=_CHIP_H, rx=6, fill="#e9defa", stroke=_RELIC_BAND),
        text(8, name_y, name, font_size=12, font_weight="bold", fill=INK),
        text(
            RELIC_W - 8,
            bonus_y,
            bonus,
            font_size=TEXT,
            font_weight="bold",
            text_anchor="end",
            fill=_RELIC_INK,
        ),
        marks.halo(element, Box(0, 0, RELIC_W, _CHIP_H)),
        transform=_at(x, y),
        data_card=card.id,
        data_active="true",
        **marks.data(element),
    )


def _at(x: float, y: float) -> str:
    return f"translate({num(x)},{num(y)})"


def _placeholder(x: float, y: float, w: float, h: float, words: str) -> str:
    """Where a card would be: a dashed outline, and what it is for."""
    outline = tag(
        "rect",
        x=x,
        y=y,
        width=w,
        height=h,
        rx=7,
        fill="none",
        stroke="#b8ab95",
        stroke_dasharray="5 4",
    )
    return outline + text(
        x + w / 2, y + h / 2 + 4, words, font_size=TEXT, text_anchor="middle", fill=MUTED
    )


def _backs(count: int, x: float, y: float, words: list[str], **named: str) -> str:
    """A face-down pile: a few stacked card backs with how many on top, and
    ``words`` (a line or two) beside it."""
    shown = min(count, 4)
    if count:
        stack = "".join(
            tag(
                "rect",
                x=x + 3 * i,
                y=y + 2 * (shown - 1 - i),
                width=_BACK_W,
                height=_BACK_H - 6,
                rx=5,
                fill="#4b3a66",
                stroke="#e9e1f5",
                stroke_width=1.5,
            )
            for i in range(shown)
        )
    else:
        stack = tag(
            "rect",
            x=x,
            y=y,
            width=_BACK_W,
            height=_BACK_H - 6,
            rx=5,
            fill="none",
            stroke="#b8ab95",
            stroke_dasharray="5 4",
        )
    middle = x + _BACK_W / 2 + 1.5 * (shown - 1 if shown else 0)
    big = text(
        middle,
        y + _BACK_H / 2 + 3,
        str(count),
        font_size=18,
        font_weight="bold",
        text_anchor="middle",
        fill="#ffffff" if count else MUTED,
    )
    label = lines(x + _BACK_W + 16, y + 22, words, 12, 15, fill=INK)
    return group(stack, big, label, **named)


# -- the Champions Hall ------------------------------------------------------------------------


class Pledge(NamedTuple):
    """What a player has pledged to the purchase being paid for."""

    gold: int = 0
    relics: tuple[str, ...] = ()
    minions: tuple[str, ...] = ()


def _pledge(state: State, color: str) -> Pledge:
    buying = purchase(state)
    if buying is None or buying.player != color:
        return Pledge()
    return Pledge(buying.gold, tuple(buying.relics), tuple(buying.minions))


@dataclass(frozen=True)
class _Seen:
    """What one hall is drawn from: the state (read, never changed),
    the player, what they pledge, and whose eyes look."""

    game: Game
    state: State
    player: Player
    pledge: Pledge
    marks: Marks
    face_down: bool


def hall(game: Game, color: str, marks: Marks, viewer: str | None = None) -> Section:
    """One player's Champions Hall. ``viewer``: whose eyes; other players'
    hands show as a count. A dummy's relics are always face down."""
    if color not in game.players:
        raise CovilError(
            tr(
                "no {color} player in this game: {players}", color=repr(color), players=game.players
            ),
            RULE,
        )
    state = game.read_state()
    seen = _Seen(
        game,
        state,
        state.player(color),
        _pledge(state, color),
        marks,
        hand_hidden(state, color, viewer),
    )
    slots = _relic_slots(seen)
    rows = (len(slots) + _SLOTS_PER_ROW - 1) // _SLOTS_PER_ROW
    height = _RELICS_Y + rows * _ROW_STEP - 14
    body, _ink, tint, _form = PLAYERS[color]
    deciding = game.decision is not None and game.decision.player == color
    frame = panel(WIDTH, height, tint, INK if deciding else BORDER, 3 if deciding else 1.5)
    frame += tag("rect", x=1, y=1, width=8, height=height - 2, rx=4, fill=body)
    parts = [frame, _header_row(seen), _tracks(seen), _minions(seen), *_place(slots)]
    return Section(f"hall-{color}", WIDTH, height, group(*parts, data_hall=color))


def _header_row(seen: _Seen) -> str:
    """The player's badge and name, what they are now (dummy, deciding, on
    turn, holding the Evil Scepter), and their fortress or final score."""
    s, p, game = seen.state, seen.player, seen.game
    name = str(color_name(p.color))
    parts = [
        group(badge(p.color, 24), transform=f"translate(30,{num(_HEAD_ROW1 - 6.5)})"),
        text(48, _HEAD_ROW1 + 1, name, font_size=18, font_weight="bold", fill=INK),
    ]
    tags = [(tr("dummy"), MUTED)] if s.is_dummy(p.color) else []
    if game.decision is not None and game.decision.player == p.color:
        tags.append((tr("decides now"), INK))
    elif s.phase == "afternoon" and s.players[s.turn].color == p.color:
        tags.append((tr("turn"), MUTED))
    x = 48 + text_width(name, 18) + 14
    for words, fill in tags:
        parts.append(_pill(x, _HEAD_ROW1 - 4.5, str(words), fill))
        x += _pill_width(str(words)) + 10
    if s.players[s.scepter].color == p.color:
        parts.append(scepter_icon(x + 6, _HEAD_ROW1 - 5))
        parts.append(text(x + 18, _HEAD_ROW1, str(tr("Evil Scepter")), font_size=12, fill=INK))
    parts.append(_standing(seen))
    return "".join(parts)


def _standing(seen: _Seen) -> str:
    """Right of the header: the final score once the game is over, else where
    the fortress stands."""
    p, game = seen.player, seen.game
    right = WIDTH - 14
    if game.is_over:
        score = next(x for x in game.score() if x.player == p.color)
        said = (
            tr("{total} VP — wins", total=score.total)
            if p.color in game.winners
            else tr("{total} VP", total=score.total)
        )
        return text(
            right,
            _HEAD_ROW1 + 1,
            str(said),
            font_size=16,
            font_weight="bold",
            text_anchor="end",
            fill=INK,
        )
    if not p.fortress:
        return ""
    where = (
        tr("destroyed in zone {zone}", zone=p.fortress)
        if p.hp == 0
        else tr("fortress in zone {zone}", zone=p.fortress)
    )
    return text(
        right,
        _HEAD_ROW1,
        str(where),
        font_size=12,
        text_anchor="end",
        fill=MUTED,
    )


def _pill_width(words: str) -> float:
    return text_width(words, TEXT) + 14


def _pill(x: float, y: float, words: str, fill: str) -> str:
    w = _pill_width(words)
    return tag("rect", x=x, y=y - 9, width=w, height=18, rx=9, fill=fill) + text(
        x + w / 2,
        y + 4,
        words,
        font_size=TEXT,
        font_weight="bold",
        text_anchor="middle",
        fill="#fff",
    )


class _Row(NamedTuple):
    """Where the header's second row puts the coins, the HP's label, the
    shields and the troops, said in the language of the moment: each part
    after the words before it, never left of where English puts it."""

    coins: float
    hp_label: float
    hp: float
    troops: float


@lru_cache(maxsize=8)
def _row(code: str) -> _Row:
    """The row for the language ``code`` (the language of the moment)."""
    gold, hp = str(tr("Gold")), str(tr("HP"))
    coins = max(_COIN_X, 18 + text_width(gold, 12) + 14)
    # The gold's count and what is pledged (at most all of it) after the coins.
    pledged = str(ntr("{count} pledged", "{count} pledged", MAX_GOLD))
    gold_end = coins + _COIN_STEP * MAX_GOLD + 16 + text_width(pledged, TEXT)
    hp_label = max(_HP_LABEL_X, gold_end + 12)
    shields_x = hp_label + max(32.0, text_width(hp, 12) + 12)
    troops = max(_TROOPS_X, shields_x + _COIN_STEP * MAX_HP + 28)
    return _Row(coins, hp_label, shields_x, troops)


def _tracks(seen: _Seen) -> str:
    """The header's second row: gold, fortress HP, troops."""
    p = seen.player
    row = _row(language())
    on_board = len(p.on_board())
    troops = text(
        row.troops,
        _HEAD_ROW2 + 4,
        str(
            tr(
                "Troops: {board} on the board, {supply} in supply",
                board=on_board,
                supply=len(p.troops) - on_board,
            )
        ),
        font_size=12,
        fill=INK,
    )
    return _treasury(p, seen.marks, seen.pledge.gold, row) + _hp_track(p, seen.marks, row) + troops


def _treasury(p: Player, marks: Marks, pledged: int, row: _Row) -> str:
    """Gold: one coin per point. Each coin is its own element (``coin:<color>-n``)
    so that "pay gold n" has a coin of its own to click; pledged coins are ringed."""
    element = f"gold:{p.color}"
    y = _HEAD_ROW2
    coins = []
    for n in range(1, MAX_GOLD + 1):
        key = f"coin:{p.color}-{n}"
        x = row.coins + _COIN_STEP * (n - 1)
        ring = ""
        if n <= pledged:
            ring = tag("circle", cx=x, cy=y, r=10, fill="none", stroke=INK, stroke_width=1.6)
        halo = marks.halo(key, Box(x - 7.5, y - 7.5, 15, 15, round=True), pad=2)
        coins.append(
            group(
                coin(x, y, 7.5, n <= p.gold),
                ring,
                halo,
                data_coin=f"{p.color}-{n}",
                **marks.data(key),
            )
        )
    count_x = row.coins + _COIN_STEP * MAX_GOLD
    label = text(18, y + 4, str(tr("Gold")), font_size=12, fill=INK)
    count = text(count_x, y + 4.5, f"{p.gold}", font_size=13, font_weight="bold", fill=INK)
    extra = (
        text(
            count_x + 16,
            y + 4,
            str(ntr("{count} pledged", "{count} pledged", pledged)),
            font_size=TEXT,
            fill=MUTED,
        )
        if pledged
        else ""
    )
    halo = marks.halo(element, Box(14, y - 11, count_x + 8, 22))
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


def _hp_track(p: Player, marks: Marks, row: _Row) -> str:
    element = f"hp:{p.color}"
    y = _HEAD_ROW2
    track = shields(row.hp, y, _COIN_STEP, p.hp, MAX_HP, 1.15)
    count_x = row.hp + _COIN_STEP * MAX_HP - 4
    label = text(row.hp_label, y + 4, str(tr("HP")), font_size=12, fill=INK)
    count = text(count_x, y + 4.5, f"{p.hp}", font_size=13, font_weight="bold", fill=INK)
    halo = marks.halo(element, Box(row.hp_label - 4, y - 11, count_x - row.hp_label + 16, 22))
    return group(
        label, track, count, halo, data_hp=p.color, data_amount=str(p.hp), **marks.data(element)
    )


def _minions(seen: _Seen) -> str:
    """The Evil throne (the Dark Overlord) and the five slots of the hall."""
    p, cards = seen.player, seen.game.cards
    y = _CARDS_Y - 7
    parts = [
        text(_LEFT, y, str(tr("Evil throne")), font_size=12, font_weight="bold", fill=MUTED),
        text(
            _LEFT + CARD_W + GAP,
            y,
            str(tr("Champions Hall ({count}/{most})", count=len(p.hall), most=MAX_HALL)),
            font_size=12,
            font_weight="bold",
            fill=MUTED,
        ),
    ]
    slots = [p.overlord, *p.hall]
    for i in range(MAX_HALL + 1):
        x = _LEFT + i * (CARD_W + GAP)
        minion = slots[i] if i < len(slots) else None
        if minion is None:
            words = tr("throne") if i == 0 else tr("empty slot")
            parts.append(_placeholder(x, _CARDS_Y, CARD_W, CARD_H, str(words)))
            continue
        ribbon = PLEDGED if minion.card in seen.pledge.minions else None
        card = cards.minion(minion.card)
        parts.append(minion_card(card, x, _CARDS_Y, seen.marks, minion.state, ribbon))
    return "".join(parts)


class _Draw(NamedTuple):
    """A slot of the relics' rows: its group's label (on the group's first
    slot only) and how to draw it at (x, y)."""

    label: str
    draw: Callable[[float, float], str]


def _relic_slots(seen: _Seen) -> list[_Draw]:
    """The relics, one slot each in rows of tiles: the hand (face up, or a
    face-down pile), then the active relics, a few stacked per slot."""
    return [*_hand_slots(seen), *_active_slots(seen)]


def _hand_slots(seen: _Seen) -> list[_Draw]:
    hand = seen.player.hand
    label = str(tr("Relics in hand ({count})", count=len(hand)))
    if seen.face_down:
        return [_Draw(label, partial(_hidden_hand, seen))]
    if not hand:
        return [_Draw(label, partial(_empty_slot, str(tr("no relic in hand"))))]
    return [
        _Draw(label if i == 0 else "", partial(_hand_relic, seen, relic))
        for i, relic in enumerate(hand)
    ]


def _hidden_hand(seen: _Seen, x: float, y: float) -> str:
    """Another player's hand, or a dummy's: how many, face down."""
    p = seen.player
    whose = tr("(the dummy's)") if seen.state.is_dummy(p.color) else tr("(hidden)")
    words = [str(ntr("{count} face down", "{count} face down", len(p.hand))), str(whose)]
    count = str(len(p.hand))
    return _backs(len(p.hand), x + 12, y + 16, words, data_hand=p.color, data_count=count)


def _hand_relic(seen: _Seen, relic: str, x: float, y: float) -> str:
    ribbon = PLEDGED if relic in seen.pledge.relics else None
    return relic_card(seen.game.cards.relic(relic), x, y, seen.marks, ribbon)


def _empty_slot(words: str, x: float, y: float) -> str:
    return _placeholder(x, y, RELIC_W, RELIC_H, words)


def _active_slots(seen: _Seen) -> list[_Draw]:
    active = seen.player.active
    label = str(tr("Active relics ({count})", count=len(active)))
    if not active:
        return [_Draw(label, partial(_empty_slot, str(tr("none active"))))]
    stacks = [active[i : i + _CHIPS_PER_SLOT] for i in range(0, len(active), _CHIPS_PER_SLOT)]
    return [
        _Draw(label if i == 0 else "", partial(_active_stack, seen, stack))
        for i, stack in enumerate(stacks)
    ]


def _active_stack(seen: _Seen, stack: list[str], x: float, y: float) -> str:
    cards = seen.game.cards
    return "".join(
        _active_chip(cards.relic(relic), x, y + i * (_CHIP_H + 6), seen.marks)
        for i, relic in enumerate(stack)
    )


def _place(slots: list[_Draw]) -> list[str]:
    """The slots in rows, each group's label above its first slot."""
    placed = []
    for i, slot in enumerate(slots):
        row, col = divmod(i, _SLOTS_PER_ROW)
        x = _LEFT + col * (RELIC_W + GAP)
        y = _RELICS_Y + row * _ROW_STEP
        if slot.label:
            placed.append(text(x, y - 7, slot.label, font_size=12, font_weight="bold", fill=MUTED))
        placed.append(slot.draw(x, y))
    return placed


# -- the market ---------------------------------------------------------------------------------


def market(game: Game, marks: Marks) -> Section:
    """The mercenary pool in rows of six (with the card being bought, if
    any), and the piles under it."""
    s = game.read_state()
    buying = purchase(s)
    rows = max(1, (len(s.pool) + _POOL_PER_ROW - 1) // _POOL_PER_ROW)
    piles_y = _POOL_Y + rows * (CARD_H + 8) + 6
    height = piles_y + _BACK_H + 8
    parts = [
        panel(WIDTH, height),
        text(
            _POOL_X,
            20,
            str(tr("Mercenary pool ({count})", count=len(s.pool))),
            font_size=14,
            font_weight="bold",
            fill=INK,
        ),
    ]
    if not s.pool:  # the row stays, so that the piles do not jump: say why it is bare
        width = WIDTH - 2 * _POOL_X
        bare = str(tr("no mercenary left to acquire"))
        parts.append(_placeholder(_POOL_X, _POOL_Y, width, CARD_H, bare))
    for i, card in enumerate(s.pool):
        row, col = divmod(i, _POOL_PER_ROW)
        ribbon = BUYING if buying and card == buying.card else None
        x, y = _POOL_X + col * (CARD_W + GAP), _POOL_Y + row * (CARD_H + 8)
        parts.append(minion_card(game.cards.minion(card), x, y, marks, ribbon=ribbon))
    piles = (
        (tr("mercenary\ndeck"), len(s.mercenary_deck), "mercenaries"),
        (tr("minion\ndiscard"), len(s.minion_discard), "minion-discard"),
        (tr("relic\ndeck"), len(s.relic_deck), "relics"),
        (tr("relic\ndiscard"), len(s.relic_discard), "relic-discard"),
    )
    for i, (words, count, name) in enumerate(piles):
        x = _POOL_X + i * _PILE_STEP
        two_lines = str(words).split("\n")  # the pile's name
        parts.append(_backs(count, x, piles_y, two_lines, data_pile=name, data_count=str(count)))
    if s.relic_discard:
        top = game.cards.relic(s.relic_discard[-1])
        parts.append(_discard_top(top, _POOL_X + 4 * _PILE_STEP, piles_y))
    return Section("market", WIDTH, height, "".join(parts))


def _discard_top(card: RelicCard, x: float, y: float) -> str:
    """The relic discard's top card is face up (a dummy flips relics onto it)."""
    return group(
        text(x, y + 14, str(tr("top of the relic discard:")), font_size=TEXT, fill=MUTED),
        text(x, y + 32, str(named(card.name)), font_size=12, font_weight="bold", fill=INK),
        terrain_icon(card.terrain, x + 7, y + 47, 0.85),
        text(
            x + 19,
            y + 51,
            str(terrain_name(card.terrain)),
            font_size=TEXT,
            font_style="italic",
            fill=TERRAIN_INK[card.terrain],
        ),
        data_discard_top=card.id,
    )
