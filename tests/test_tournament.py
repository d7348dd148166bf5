"""The tournament harness: determinism across workers, fair seating, the
statistics, executors, the command line and refusals."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest

import covil_nb.analysis.tournament as tournament_module
from covil_nb import CovilError, Game
from covil_nb.analysis.tournament import (
    GameResult,
    Matchup,
    Results,
    SeatResult,
    main,
    parse_seats,
    play_one,
    tournament,
    wilson,
)
from covil_nb.bots import BOTS, RandomBot

RANDOMS = {"yellow": "random", "red": "random"}


@pytest.fixture
def other(monkeypatch: pytest.MonkeyPatch) -> str:
    """A second bot spec, a random bot under another name, so two seats can be
    told apart in the results (in this process only: no process pool)."""
    monkeypatch.setitem(BOTS, "other", RandomBot)
    return "other"


def seat(color: str, bot: str, total: int, won: bool, place: int) -> SeatResult:
    return SeatResult(color, bot, total, 5, total - 5, 0, 0, 0, won=won, place=place)


def game(*seats: SeatResult, shared: bool = False, actions: int = 100) -> GameResult:
    return GameResult(0, "A", "en", seats, seats[0].color, shared, actions, days=4)


@pytest.mark.engines
def test_one_worker_and_a_process_pool_give_the_same_table() -> None:
    alone = tournament(RANDOMS, games=4, seed=5, workers=1, progress=False)
    pooled = tournament(RANDOMS, games=4, seed=5, workers=2, progress=False)
    assert alone.games == pooled.games
    assert alone.table().equals(pooled.table())
    assert [g.seed for g in alone.games] == [5, 6, 7, 8]


@pytest.mark.engines
def test_a_game_is_a_pure_function_of_its_matchup_and_seed() -> None:
    matchup = Matchup.of(RANDOMS)
    assert play_one(matchup, 3) == play_one(matchup, 3)
    assert play_one(matchup, 3) != play_one(matchup, 4)


def test_the_bots_change_seats_every_game(other: str) -> None:
    results = tournament({"yellow": "random", "red": other}, games=4, workers=1, progress=False)
    first_bots = [g.seat(g.first).bot for g in results.games]
    assert first_bots == ["random", other, "random", other]
    assert [g.first for g in results.games] == ["yellow"] * 4  # the colors keep their seats
    assert results.table()["first"].tolist() == [2, 2]


def test_three_bots_rotate_round_the_table() -> None:
    matchup = Matchup.of(["a", "b", "c"])
    assert [m.specs for m in (matchup.rotated(i) for i in range(4))] == [
        ("a", "b", "c"),
        ("c", "a", "b"),
        ("b", "c", "a"),
        ("a", "b", "c"),
    ]


def test_boards_change_after_every_rotation(other: str) -> None:
    results = tournament(
        {"yellow": "random", "red": other}, games=4, boards=["A", "B"], workers=1, progress=False
    )
    assert [(g.board, g.seat(g.first).bot) for g in results.games] == [
        ("A", "random"),
        ("A", other),
        ("B", "random"),
        ("B", other),
    ]


def test_wilson_interval_by_hand() -> None:
    # 5 of 10: centre 1/2, half-width 1.96 sqrt(0.025 + 0.0096) / 1.384 = 0.2634
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    # 0 of 4: the upper bound is z^2/n / (1 + z^2/n) = 0.9604 / 1.9604
    assert wilson(0, 4) == (0.0, pytest.approx(0.9604 / 1.9604, abs=1e-4))
    assert all(math.isnan(x) for x in wilson(0, 0))


def test_table_counts_wins_shared_wins_and_averages() -> None:
    results = Results(
        (
            game(seat("yellow", "a", 30, True, 1), seat("red", "b", 20, False, 2), actions=100),
            game(seat("yellow", "b", 25, True, 1), seat("red", "a", 25, True, 1), shared=True),
            game(seat("yellow", "a", 10, False, 2), seat("red", "b", 40, True, 1), actions=400),
        )
    )
    table = results.table()
    assert table.index.tolist() == ["a", "b"]
    a, b = table.loc["a"], table.loc["b"]
    assert (a.games, a.wins, a.shared, a.first) == (3, 2, 1, 2)
    assert (b.games, b.wins, b.shared, b.first) == (3, 2, 1, 1)
    assert a.win_rate == pytest.approx(2 / 3)
    assert (a.ci_low, a.ci_high) == pytest.approx(wilson(2, 3))
    assert (a.vp, a.fortress, a.gold) == pytest.approx((65 / 3, 5, 50 / 3))
    assert a.actions == pytest.approx(200)
    versus = results.head_to_head()
    assert versus.loc["a", "b"] == pytest.approx(0.5)  # ahead, tied, behind
    assert versus.loc["b", "a"] == pytest.approx(0.5)


def test_the_table_prints_and_renders() -> None:
    results = tournament(RANDOMS, games=2, workers=1, progress=False)
    text = str(results)
    assert text.startswith("2 games; boards A; editions en")
    assert "win_rate" in text and "random" in text
    assert "<table" in results._repr_html_()


def test_results_stored_as_a_csv_file_come_back_the_same(tmp_path) -> None:
    played = tournament(RANDOMS, games=3, seed=2, workers=1, progress=False)
    shared = Results(
        (
            *played.games,
            game(seat("yellow", "a", 25, True, 1), seat("red", "b", 25, True, 1), shared=True),
        )
    )
    for results in (played, shared):
        stored = tmp_path / "results.csv"
        results.frame().to_csv(stored, index=False)
        loaded = Results.from_frame(pd.read_csv(stored))
        assert loaded == results
        assert loaded.table().equals(results.table())


def test_a_recorded_tournament_stopped_halfway_goes_on_where_it_stopped(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "record.csv"
    whole = tournament(RANDOMS, games=5, seed=3, workers=1, progress=False)
    played: list[int] = []

    def stopped_at_game_3(matchup: Matchup, seed: int) -> GameResult:
        if seed == 3 + 3:
            raise KeyboardInterrupt
        played.append(seed)
        return play_one(matchup, seed)

    monkeypatch.setattr(tournament_module, "play_one", stopped_at_game_3)
    with pytest.raises(KeyboardInterrupt):
        tournament(RANDOMS, games=5, seed=3, workers=1, progress=False, record=record)
    assert Results.from_frame(pd.read_csv(record)).games == whole.games[:3]
    counted = lambda m, s: played.append(s) or play_one(m, s)  # noqa: E731
    monkeypatch.setattr(tournament_module, "play_one", counted)
    resumed = tournament(RANDOMS, games=5, seed=3, workers=1, progress=False, record=record)
    assert played == [3, 4, 5, 6, 7]  # games 0 to 2 once, then only 3 and 4
    assert resumed == whole
    assert Results.from_frame(pd.read_csv(record)) == whole


def test_a_record_from_a_pool_holds_every_game_once(tmp_path) -> None:
    record = tmp_path / "record.csv"
    pooled = tournament(RANDOMS, games=4, seed=1, workers=2, progress=False, record=record)
    assert Results.from_frame(pd.read_csv(record)) == pooled
    again = tournament(RANDOMS, games=4, seed=1, workers=2, progress=False, record=record)
    assert again == pooled and len(pd.read_csv(record)) == 4 * 2


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ({"seed": 4}, "holds a game 0 that this tournament would not play"),
        ({"boards": "B"}, "holds a game 0 that this tournament would not play"),
        ({"seats": {"yellow": "random", "red": "greedy"}}, "holds a game 0 that this"),
        ({"games": 1}, r"holds game 1, more than this tournament's 1 games: ask for 2"),
    ],
)
def test_a_record_of_another_tournament_is_refused_and_left_as_it_was(
    tmp_path, change: dict, refusal: str
) -> None:
    record = tmp_path / "record.csv"
    tournament(RANDOMS, games=2, seed=3, workers=1, progress=False, record=record)
    before = record.read_bytes()
    options = {"seats": RANDOMS, "games": 3, "seed": 3, **change}
    with pytest.raises(CovilError, match=refusal):
        tournament(**options, workers=1, progress=False, record=record)
    assert record.read_bytes() == before


def test_a_record_cut_in_the_middle_of_a_line_is_refused_saying_what_to_do(tmp_path) -> None:
    record = tmp_path / "record.csv"
    tournament(RANDOMS, games=2, seed=3, workers=1, progress=False, record=record)
    record.write_bytes(record.read_bytes()[:-9])
    with pytest.raises(CovilError, match=r"ends in the middle of a line .* remove its last line"):
        tournament(RANDOMS, games=2, seed=3, workers=1, progress=False, record=record)


def test_a_record_with_its_columns_moved_is_refused(tmp_path) -> None:
    record = tmp_path / "record.csv"
    frame = tournament(RANDOMS, games=2, seed=3, workers=1, progress=False).frame()
    frame[["vp", *[c for c in frame.columns if c != "vp"]]].to_csv(record, index=False)
    with pytest.raises(CovilError, match="its columns are vp, game, "):
        tournament(RANDOMS, games=2, seed=3, workers=1, progress=False, record=record)


def test_a_record_that_cannot_be_written_is_refused_before_any_game(tmp_path) -> None:
    with pytest.raises(CovilError, match="cannot be written"):
        tournament(RANDOMS, games=2, workers=1, progress=False, record=tmp_path / "no" / "r.csv")


def test_a_record_that_is_not_a_tournament_is_refused(tmp_path) -> None:
    record = tmp_path / "record.csv"
    record.write_text("a,b\n1,2\n")
    with pytest.raises(CovilError, match="not a tournament's CSV file: its columns are a, b, not"):
        tournament(RANDOMS, games=2, workers=1, progress=False, record=record)


def test_a_frame_without_the_columns_is_refused() -> None:
    with pytest.raises(CovilError, match="not a tournament frame: no column won"):
        Results.from_frame(pd.DataFrame({c: [] for c in Results(()).frame().columns if c != "won"}))


def test_a_frame_with_holes_is_refused_by_name() -> None:
    frame = tournament(RANDOMS, games=2, workers=1).frame()
    holed = frame.astype({"vp": float})
    holed.loc[0, "vp"] = float("nan")
    with pytest.raises(CovilError, match="empty cells in vp"):
        Results.from_frame(holed)
    nobody_first = frame.assign(first=False)
    with pytest.raises(CovilError, match=r"no seat holds the scepter first in games \[0, 1\]"):
        Results.from_frame(nobody_first)


def test_the_progress_bar_stays_out_of_logs(capsys: pytest.CaptureFixture[str]) -> None:
    tournament(RANDOMS, games=1, workers=1)  # stderr is captured here, not a terminal
    assert capsys.readouterr().err == ""
    tournament(RANDOMS, games=1, workers=1, progress=True)
    assert "1/1" in capsys.readouterr().err


def test_a_custom_executor_runs_the_games() -> None:
    alone = tournament(RANDOMS, games=3, seed=1, workers=1, progress=False)
    with ThreadPoolExecutor(2) as threads:
        threaded = tournament(RANDOMS, games=3, seed=1, executor=threads, progress=False)
    assert threaded.games == alone.games


def test_the_command_line_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--seats", "yellow=random,red=random", "--games", "2", "--workers", "1"]
    assert main([*argv, "--no-progress", "--boards", "B", "--editions", "pt"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games; boards B; editions pt")
    assert "ci_low" in out and "random" in out


def test_the_command_line_refuses_a_bad_seat(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--seats", "yellow=random,red=nobody", "--games", "1", "--workers", "1"])
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def test_seats_are_parsed_with_bot_options() -> None:
    assert parse_seats("yellow=mcts:playouts=200,c=1.4, red=dummy") == {
        "yellow": "mcts:playouts=200,c=1.4",
        "red": "dummy",
    }


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        ({"yellow": "nobody", "red": "random"}, {}),
        ({"yellow": "random:depth=3", "red": "random"}, {}),
        ({"yellow": "random"}, {}),
        ({"purple": "random", "red": "random"}, {}),
        ("random", {}),
        (RANDOMS, {"boards": ["Z"]}),
        (RANDOMS, {"editions": ["fr"]}),
        (RANDOMS, {"editions": []}),
        (RANDOMS, {"games": 0}),
        (RANDOMS, {"workers": 0}),
        (RANDOMS, {"executor": ThreadPoolExecutor(1)}),  # and workers=1
        ({"yellow": "dummy", "red": "dummy"}, {}),
        ({"yellow": "random", "red": "dummy"}, {"boards": ["A"]}),
    ],
)
def test_bad_specs_are_refused(seats: object, options: dict) -> None:
    arguments = {"games": 2, "workers": 1, "progress": False, **options}
    with pytest.raises(CovilError):
        tournament(seats, **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["yellow", "yellow=", "=random", "yellow=random,yellow=random"])
def test_bad_seats_are_refused(text: str) -> None:
    with pytest.raises(CovilError):
        parse_seats(text)


@pytest.mark.skipif(not hasattr(Game, "solo"), reason="Game.solo has not landed yet")
def test_a_dummy_seat_makes_solo_games() -> None:
    results = tournament({"yellow": "random", "red": "dummy"}, games=2, workers=1, progress=False)
    assert [g.board for g in results.games] == ["desert-town"] * 2
    assert [g.seat("yellow").bot for g in results.games] == ["random", "dummy"]
    assert results.table().index.tolist() == ["random", "dummy"]
    assert all(g.actions > 0 for g in results.games)


def test_a_dummy_bot_in_an_ordinary_game_is_written_with_a_colon(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(BOTS, "dummy", RandomBot)  # whatever bot may take the name
    results = tournament({"yellow": "random", "red": "dummy:"}, games=2, workers=1, progress=False)
    assert [g.board for g in results.games] == ["A", "A"]
    assert results.table().index.tolist() == ["random", "dummy:"]
