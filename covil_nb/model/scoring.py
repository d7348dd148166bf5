"""Final scoring and its tie breakers.

A fortress alive is 5 VP, 1 VP per gold, each minion its cost (Overlord
included), each relic in hand its gold value, with Influence bonuses; tie
breakers: troops on the board, fortress HP, gold, the most expensive minion;
else the victory is shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from .cards import CardSet, Influence
from .language import Listed, Text, ntr, tr
from .state import Player, State
from .views import hand_hidden
from .vocabulary import Phase
from .words import color_name

RULE: Final = "Final scoring"
FORTRESS_VP: Final = 5


# A value, never changed once made; not a frozen dataclass, as Decision is
# not: a search scores every position it looks at, and mypyc compiles the
# __init__ written here, where a frozen one could not assign its fields.
@dataclass(slots=True, unsafe_hash=True)
class Score:
    player: str
    fortress: int
    gold: int
    minions: int  # costs, plus Influence bonuses on minions
    relics: int  # gold values, plus Influence bonuses on relics
    influence: int  # the part of minions + relics that Influence added
    tiebreak: tuple[int, int, int, int]  # troops on board, HP, gold, best minion

    def __init__(
        self,
        player: str,
        fortress: int,
        gold: int,
        minions: int,
        relics: int,
        influence: int,
        tiebreak: tuple[int, int, int, int],
    ) -> None:
        self.player = player
        self.fortress = fortress
        self.gold = gold
        self.minions = minions
        self.relics = relics
        self.influence = influence
        self.tiebreak = tiebreak

    @property
    def total(self) -> int:
        return self.fortress + self.gold + self.minions + self.relics

    @property
    def influence_said(self) -> Text:
        """What Influence added, said for a learner."""
        return tr(
            "the minions' and relics' VP include {influence} from Influence, the minion "
            "ability that adds VP at the final scoring for some minions or relics",
            influence=self.influence,
        )

    def __str__(self) -> str:
        # Influence is a part of the minions' and relics' VP, not a source of its own,
        # so it is named only where it added something, and said what it is: a
        # learner meets the word here first ("Influence abilities may still apply
        # their effect for the final scoring").
        said = {
            "color": color_name(self.player),
            "total": self.total,
            "fortress": self.fortress,
            "gold": self.gold,
            "minions": self.minions,
            "relics": self.relics,
        }
        if self.influence:
            return str(
                tr(
                    "{color}: {total} VP (fortress {fortress}, gold {gold}, minions {minions}, "
                    "relics {relics}; {influence})",
                    influence=self.influence_said,
                    **said,
                )
            )
        return str(
            tr(
                "{color}: {total} VP (fortress {fortress}, gold {gold}, minions {minions}, "
                "relics {relics})",
                **said,
            )
        )

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))


COLUMNS: Final = ("fortress", "gold", "minions", "relics", "total")
#: The sources of VP, as the final scoring names them (the table's columns too).
SOURCE_NAMES: Final = {
    "fortress": tr("fortress"),
    "gold": tr("gold"),
    "minions": tr("minions"),
    "relics": tr("relics"),
    "total": tr("total"),
}


@mypyc_attr(native_class=False)
class Scores(list[Score]):
    """Every player's score: a list, shown as a table with the winners."""

    def __init__(self, scores: list[Score], over: bool) -> None:
        super().__init__(scores)
        self.over = over

    def __str__(self) -> str:
        names = [str(color_name(s.player)) for s in self]
        width = max(len(name) for name in names)
        head = " " * width + "".join(f"{SOURCE_NAMES[c]!s:>10}" for c in COLUMNS)
        rows = [
            f"{name:<{width}}"
            + "".join(f"{getattr(s, c):>10}" for c in COLUMNS)
            + f"  ({s.influence})"
            for name, s in zip(names, self, strict=True)
        ]
        if self.over:
            won = winners(self)
            verdict = ntr(
                "{players} wins",
                "{players} share the victory",
                len(won),
                players=Listed([color_name(c) for c in won]),
            )
        else:
            verdict = tr("the score if the game ended now")
        influence = tr("(Influence)")
        return "\n".join([f"{head}  {influence}", *rows, str(verdict)])

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))


def _influence_on_minions(cards: CardSet, player: Player, inf: Influence) -> int:
    return inf.amount * sum(inf.counts(cards.minion(m.card)) for m in player.minions)


def score_player(cards: CardSet, player: Player, hand_seen: bool = True) -> Score:
    """``player``'s score; with ``hand_seen`` False, the relics in hand add
    only what Influence gives for each (their number is public), not their
    hidden gold values."""
    influences = [
        i for m in player.minions for i in cards.minion(m.card).influences if i.kind == "score"
    ]
    on_relics = sum(i.amount * len(player.hand) for i in influences if i.per == "relic")
    on_minions = sum(
        _influence_on_minions(cards, player, i) for i in influences if i.per == "minion"
    )
    costs = [cards.minion(m.card).cost for m in player.minions]
    return Score(
        player=player.color,
        fortress=FORTRESS_VP if player.fortress is not None and player.hp > 0 else 0,
        gold=player.gold,
        minions=sum(costs) + on_minions,
        relics=(sum(cards.relic(r).gold for r in player.hand) if hand_seen else 0) + on_relics,
        influence=on_minions + on_relics,
        tiebreak=(len(player.on_board()), player.hp, player.gold, max(costs)),
    )


def scores(cards: CardSet, state: State) -> list[Score]:
    return [score_player(cards, p) for p in state.players]


def winners(all_scores: list[Score]) -> list[str]:
    """Most VP, then the tie breakers in order; several names share the victory."""
    best = max((s.total, s.tiebreak) for s in all_scores)
    return [s.player for s in all_scores if (s.total, s.tiebreak) == best]


@dataclass(frozen=True)
class VpNow:
    """One player's VP if the game were scored now, as one seat sees it:
    ``score`` leaves out the gold values of the ``face_down`` relics in hand
    hidden from that seat."""

    score: Score
    face_down: int

    @property
    def player(self) -> str:
        return self.score.player

    @property
    def total(self) -> int:
        return self.score.total

    @property
    def sources(self) -> tuple[tuple[str, int], ...]:
        """The VP by source, in the final scoring's words (Influence is a part
        of the minions' and relics' VP: ``score.influence`` says how much)."""
        s = self.score
        return (
            ("fortress", s.fortress),
            ("gold", s.gold),
            ("minions", s.minions),
            ("relics", s.relics),
        )


def vp_now(cards: CardSet, state: State, seat: str | None = None) -> list[VpNow]:
    """Each player's "VP now": the final scoring applied to the table as it
    is, as ``seat`` sees it (None: the table, every hand face up but a
    dummy's).

    Covil scores nothing along the way: all its VP come from the final
    scoring, and all it counts is on the table at any moment (the fortress
    alive, the gold, the minions in the hall, Overlord included, the relics
    in hand, Influence). So VP now is what the final score would be if the
    game ended here; at the end it is the final score. Until then it moves:
    gold above 5 is lost, an active relic scores nothing (its gold value went
    with its activation), minions come and go as payment.

    Hidden information stays hidden: a hand ``seat`` cannot see (another
    player's; a dummy's relics, face down) counts only its Influence bonuses,
    its relics are ``face_down``. Once the game is over every hand is scored."""
    over = state.phase == Phase.END
    now = []
    for p in state.players:
        seen = over or not hand_hidden(state, p.color, seat)
        now.append(VpNow(score_player(cards, p, seen), 0 if seen else len(p.hand)))
    return now
