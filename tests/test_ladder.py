"""The ladder: Bradley-Terry ratings that find the strengths games were
played at, each inside its interval; the shipped ladder valid, its levels
weakest first, each a bot; a board at a level seats that bot."""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import pytest

from covil_nb import CovilError, play
from covil_nb.analysis.ladder import (
    ELO,
    PATH,
    Ladder,
    fit,
    ladder,
    level_spec,
    main,
    parse,
    read,
    round_robin,
)
from covil_nb.analysis.tournament import tournament
from covil_nb.bots import make_bot
from covil_nb.widget.seats import BOT, PERSON

README = Path(__file__).parents[1] / "README.md"


def games_at(strengths: dict[str, float], per_pair: int, seed: int) -> list:
    """Games between every pair, each won with the chance the model gives."""
    dice = random.Random(seed)
    bots = list(strengths)
    played = []
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            chance = 1 / (1 + 10 ** ((strengths[b] - strengths[a]) / 400))
            played += [(a, b, float(dice.random() < chance)) for _ in range(per_pair)]
    return played


def test_the_fit_finds_the_strengths_the_games_were_played_at() -> None:
    strengths = {"random": 0.0, "greedy": 300.0, "mcts": 450.0}
    rungs = fit(games_at(strengths, 400, seed=1))
    assert [r.spec for r in rungs] == ["random", "greedy", "mcts"]
    for rung in rungs:
        assert rung.low <= strengths[rung.spec] <= rung.high
    assert rungs[0].rating == rungs[0].low == rungs[0].high == 0  # the anchor
    assert all(r.games == 800 for r in rungs)


def test_the_interval_narrows_with_more_games() -> None:
    strengths = {"random": 0.0, "greedy": 200.0}
    few, many = (fit(games_at(strengths, n, seed=2))[1] for n in (50, 800))
    assert many.high - many.low < (few.high - few.low) / 3


def test_even_games_rate_alike_and_a_clean_sweep_stays_finite() -> None:
    even = fit([("random", "greedy", 1.0), ("random", "greedy", 0.0), ("random", "greedy", 0.5)])
    assert [r.rating for r in even] == [0.0, 0.0]
    (anchor, sweeper) = fit([("random", "greedy", 0.0)] * 20)
    assert anchor.spec == "random" and sweeper.spec == "greedy"
    # 20.5 to 0.5 with the virtual draw: the rating its odds give, no more.
    assert sweeper.rating == pytest.approx(ELO * math.log(20.5 / 0.5), abs=0.1)


def test_games_that_cannot_make_a_ladder_are_refused() -> None:
    with pytest.raises(CovilError, match="anchor random played no game"):
        fit([("greedy", "mcts", 1.0)])
    with pytest.raises(CovilError, match="do not join every bot to the anchor"):
        fit([("random", "greedy", 1.0), ("mcts", "ismcts", 0.0)])
    with pytest.raises(CovilError, match=r"score of 1, 0\.5 or 0"):
        fit([("random", "greedy", 2.0)])
    with pytest.raises(CovilError, match=r"score of 1, 0\.5 or 0"):
        fit([("random", "random", 1.0)])


def test_the_shipped_ladder_has_every_level_a_bot_weakest_first() -> None:
    rungs = ladder().rungs
    assert len(rungs) >= 5
    assert [r.rating for r in rungs] == sorted(r.rating for r in rungs)
    assert rungs[0].spec == "random"  # the anchor is the weakest
    for level, rung in enumerate(rungs, 1):
        assert level_spec(level) == rung.spec
        make_bot(rung.spec)  # each level is a bot one can play
    assert read(PATH) == ladder()
    assert parse(json.loads(PATH.read_text())) == ladder()
    assert "command" in ladder().made
    table = ladder().table().splitlines()
    assert "16 two-player games a pair" in table[0]
    assert [row.split()[:2] for row in table[3:]] == [
        [str(level), r.spec] for level, r in enumerate(rungs, 1)
    ]


def test_a_malformed_ladder_is_refused_with_the_field() -> None:
    good = ladder().to_json()
    anchor, *others = good["rungs"]
    cases = {
        "rungs: not a ladder: it must be a list": {**good, "rungs": []},
        r"rungs\[0\].rating": {**good, "rungs": [{**good["rungs"][0], "rating": "high"}]},
        r"rungs\[0\]: not a ladder: it must be an object with": {
            **good,
            "rungs": [{"spec": "random"}],
        },
        "from the weakest up": {**good, "rungs": list(reversed(good["rungs"]))},
        "ladder: not a ladder: it must be an object with made": {"rungs": good["rungs"]},
        "each bot once": {**good, "rungs": [anchor, others[0], others[0]]},
        r"rungs\[0\]: not a ladder: it must be the anchor random": {**good, "rungs": others},
        r"rungs\[1\].spec: not a ladder: it must be unknown bot": {
            **good,
            "rungs": [anchor, {**others[0], "spec": "grandmaster"}],
        },
        r"rungs\[1\].low: not a ladder: it must be a number": {
            **good,
            "rungs": [anchor, {**others[0], "low": -math.inf}],
        },
        r"rungs\[1\].games: not a ladder: it must be a whole number": {
            **good,
            "rungs": [anchor, {**others[0], "games": -1}],
        },
        r"rungs\[1\]: not a ladder: it must be a rating inside its interval": {
            **good,
            "rungs": [anchor, {**others[0], "low": others[0]["rating"] + 1}],
        },
    }
    for field, data in cases.items():
        with pytest.raises(CovilError, match=field):
            parse(data)
    assert isinstance(parse(good), Ladder)


def test_an_unreadable_ladder_file_is_refused(tmp_path: Path) -> None:
    broken = tmp_path / "ladder.json"
    broken.write_text("{ not json")
    with pytest.raises(CovilError, match=r"ladder\.json: not a readable ladder"):
        read(broken)
    with pytest.raises(CovilError, match="not a readable ladder"):
        read(tmp_path / "missing.json")


@pytest.mark.parametrize(
    "bots, games",
    [(["greedy", "mcts"], 4), (["random", "greedy", "greedy"], 4), (["random", "greedy"], 0)],
)
def test_a_round_robin_that_cannot_make_a_ladder_is_refused_before_its_games(
    bots: list[str], games: int
) -> None:
    with pytest.raises(CovilError, match="bots named once each, random among them"):
        main(["--bots", *bots, "--games", str(games)])


def test_a_bad_bot_is_refused_before_the_round_robin() -> None:
    with pytest.raises(CovilError, match="unknown bot 'grandmaster'"):
        main(["--bots", "random", "grandmaster"])


def test_the_round_robin_scores_a_win_one_and_a_shared_victory_half() -> None:
    played = round_robin(["random", "greedy"], 4, seed=3, workers=1)
    assert len(played) == 4 and {(a, b) for a, b, _ in played} == {("random", "greedy")}
    stored = tournament({"yellow": "random", "red": "greedy"}, games=4, seed=3, workers=1)
    for (_, _, score), game in zip(played, stored.games, strict=True):
        mine = next(s for s in game.seats if s.bot == "random")
        assert score == (0.5 if game.shared else 1.0) * mine.won


@pytest.mark.parametrize("level", [0, 99, True, "2"])
def test_a_level_off_the_ladder_is_refused(level: object) -> None:
    with pytest.raises(CovilError, match=r"levels are 1 \(the weakest\) to"):
        level_spec(level)  # type: ignore[arg-type]


def test_a_board_at_a_level_seats_its_bot_at_every_seat_but_yours() -> None:
    board = play(players=["yellow", "red", "blue"], level=3, seed=1)
    name = getattr(make_bot(level_spec(3)), "name", None)
    assert [(s.kind, s.bot) for s in board.seats.seats] == [
        (PERSON, ""),
        (BOT, name),
        (BOT, name),
    ]
    with pytest.raises(CovilError, match="bots= or level=, not both"):
        play(bots={"red": "greedy"}, level=2)


def test_the_readme_gives_the_shipped_ladder() -> None:
    rows = re.findall(
        r"^\| (\d+) \| `([^`]+)` \| ([+-]?\d+) \| ([^|]+) \|", README.read_text(), re.M
    )
    assert rows == [
        (
            str(level),
            r.spec,
            f"{r.rating:+.0f}",
            "the anchor" if level == 1 else f"{r.low:+.0f} to {r.high:+.0f}",
        )
        for level, r in enumerate(ladder().rungs, 1)
    ]


def test_the_readmes_word_on_the_tree_search_budgets_holds() -> None:
    # "the tree search at 25, 75 and 150 iterations lie within each other's intervals"
    assert "lie within each other's intervals" in " ".join(README.read_text().split())
    rating = {r.spec: r for r in ladder().rungs}
    budgets = [rating[s] for s in ("ismcts:iterations=25", "ismcts", "ismcts:iterations=150")]
    for a in budgets:
        assert all(b.low <= a.rating <= b.high for b in budgets)
