"""What one seat may see: hidden information and its resampling.

Hidden in Covil: the other players' hands (and a dummy's face-down relics),
the order of the relic deck, which mercenaries were set aside and in what
order, and every shuffle to come. :func:`resample` deals all of that anew,
uniformly, keeping everything the seat knows (its own hand, every count, the
public piles), so a bot handed such a world cannot peek at the real one.
"""

from __future__ import annotations

from .cards import CardSet
from .rng import Rng, seed_state
from .state import State


def hand_hidden(state: State, color: str, seat: str | None) -> bool:
    """Whether ``seat`` cannot see ``color``'s hand: another player's hand,
    and a dummy's relics, which stay face down (None: no seat in
    particular, every hand face up but a dummy's)."""
    return state.is_dummy(color) or seat not in (None, color)


def hidden_cards(state: State, seat: str | None) -> frozenset[str]:
    """The cards in the hands ``seat`` cannot see (see :func:`hand_hidden`)."""
    return frozenset(
        card for p in state.players if hand_hidden(state, p.color, seat) for card in p.hand
    )


def unknown_relics(state: State, seat: str) -> list[list[str]]:
    """The piles whose relics ``seat`` cannot see: the deck, other hands."""
    return [state.relic_deck] + [p.hand for p in state.players if p.color != seat]


def unknown_mercenaries(state: State, cards: CardSet) -> list[list[str]]:
    """The set-aside deck, and the unused mercenaries in the box (which the
    seat cannot tell apart from the deck's)."""
    boxed = [c for c in state.box if c in cards.mercenary_cards]
    return [state.mercenary_deck, boxed]


def resample(state: State, cards: CardSet, seat: str, seed: int) -> State:
    """A copy of ``state`` with the hidden information dealt anew from ``seed``."""
    world = state.clone()
    rng = Rng(seed_state(seed))
    _redeal(rng, unknown_relics(world, seat))
    deck, boxed = unknown_mercenaries(world, cards)
    pool = sorted(deck + boxed)  # as above: the seed alone decides
    rng.shuffle(pool)
    world.mercenary_deck = pool[: len(deck)]
    was_boxed = set(boxed)
    world.box = [c for c in world.box if c not in was_boxed] + pool[len(deck) :]
    world.rng = rng.state  # the shuffles to come are unknown too
    return world


def _redeal(rng: Rng, piles: list[list[str]]) -> None:
    """Shuffle the cards of several piles together and deal them back in the
    same sizes (the piles are changed in place)."""
    # Sorted first, so the world dealt depends on the seed alone, never on
    # the real (hidden) order of the cards.
    cards = sorted(c for pile in piles for c in pile)
    rng.shuffle(cards)
    for pile in piles:
        size = len(pile)
        pile[:], cards = cards[:size], cards[size:]
