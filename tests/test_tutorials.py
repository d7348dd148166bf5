"""The tutorials as a learner meets them: each opens with what you will learn,
ends with what comes next and a live board, stores outputs that do not depend on
the run (nbval compares them), and the README links them all in order.

Whether each runs and shows what it stores is nbval's part (``./dev test`` runs
``pytest --nbval tutorials``); these tests read the stored notebooks.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import tutorial_data

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tutorials" / "data"
TUTORIALS = sorted((ROOT / "tutorials").glob("[0-9][0-9]-*.ipynb"))
NAMES = [path.name for path in TUTORIALS]
# The tutorials in Portuguese (issue 22), each the twin of an English one.
PT = [f"pt/{path.name}" for path in sorted((ROOT / "tutorials" / "pt").glob("[0-9][0-9]-*.ipynb"))]
BOOKS = NAMES + PT  # every tutorial, by its path under tutorials/
# What a tutorial says in its language, where these tests look for it.
SAYS = {
    "en": {
        "learn": "you will learn",
        "next": "**Next:**",
        "asked": "Write your answer in the cell, then run it again.",
    },
    "pt": {
        "learn": "você vai aprender",
        "next": "**A seguir:**",
        "asked": "Escreva sua resposta na célula, e execute-a de novo.",
    },
}


def notebook(name: str) -> dict[str, Any]:
    return json.loads((ROOT / "tutorials" / name).read_text(encoding="utf-8"))


def says(name: str) -> dict[str, str]:
    """The words of the tutorial's language."""
    return SAYS["pt" if name.startswith("pt/") else "en"]


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def plain(output: dict[str, Any]) -> str:
    """The text an output shows: a stream's, or a result's text/plain."""
    text = output.get("text") or output.get("data", {}).get("text/plain", "")
    return text if isinstance(text, str) else "".join(text)


def test_the_tutorials_are_numbered_from_1_without_a_gap() -> None:
    assert [int(name[:2]) for name in NAMES] == list(range(1, len(NAMES) + 1))


@pytest.mark.parametrize("name", BOOKS)
def test_a_tutorial_opens_with_what_you_will_learn(name: str) -> None:
    first = notebook(name)["cells"][0]
    assert first["cell_type"] == "markdown"
    text = source(first)
    assert text.startswith(f"# Tutorial {int(Path(name).name[:2])} — ")
    assert says(name)["learn"] in " ".join(text.lower().split())


@pytest.mark.parametrize("name", PT)
def test_a_portuguese_tutorial_is_the_twin_of_an_english_one_and_speaks_portuguese(
    name: str,
) -> None:
    """Its English twin has the same name; its first code cell chooses Portuguese."""
    assert Path(name).name in NAMES
    first = next(c for c in notebook(name)["cells"] if c["cell_type"] == "code")
    assert 'covil_nb.set_language("pt")' in source(first)


@pytest.mark.parametrize("name", BOOKS)
def test_a_tutorial_ends_with_what_comes_next_and_a_live_board(name: str) -> None:
    cells = notebook(name)["cells"]
    last = cells[-1]
    assert last["cell_type"] == "code"
    [board] = [o for o in last["outputs"] if o["output_type"] == "execute_result"]
    assert plain(board).startswith("<GameWidget: ")
    # Read without a kernel (GitHub, nbconvert), the board is still a picture.
    assert "image/svg+xml" in board["data"]
    words = source(cells[-2])
    assert says(name)["next"] in words
    following = NAMES[NAMES.index(Path(name).name) + 1 :]
    if following:
        # A Portuguese tutorial leads to the next in Portuguese, or in English while there is none.
        there = f"pt/{following[0]}" in PT
        link = following[0] if there or not name.startswith("pt/") else f"../{following[0]}"
        named = f"tutorial {int(following[0][:2])}" in words.lower()
        assert named or f"({link})" in words, f"{name} should lead to {link}"


@pytest.mark.parametrize("name", BOOKS)
def test_stored_outputs_do_not_depend_on_the_run(name: str) -> None:
    book = notebook(name)
    assert book["metadata"]["kernelspec"]["name"] == "python3"
    assert "widgets" not in book["metadata"]  # widget state holds random model ids
    for cell in book["cells"]:
        assert "execution" not in cell.get("metadata", {})  # times of the run
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error", source(cell)
            # a live board's widget view names its model by a random id
            assert "application/vnd.jupyter.widget-view+json" not in output.get("data", {})
            shown = plain(output)
            assert not re.search(r"0x[0-9a-f]{6,}", shown), shown  # a memory address
            assert not re.search(r"\d\d:\d\d:\d\d", shown), shown  # a time of day


@pytest.mark.parametrize("name", BOOKS)
def test_an_exercise_waits_for_the_learner_without_an_error(name: str) -> None:
    """A learner's cell stores ``your_answer = None``, and its check asks for an
    answer instead of failing."""
    cells = [c for c in notebook(name)["cells"] if c["cell_type"] == "code"]
    checks = [c for c in cells if re.search(r"^your_answer = None\b", source(c), re.M)]
    assert checks, f"{name} asks the learner nothing"  # each asks a few questions (README)
    for cell in checks:
        [asked] = [plain(o) for o in cell["outputs"]]
        assert asked.rstrip().endswith(says(name)["asked"])


@pytest.mark.parametrize("name", BOOKS)
def test_every_exercise_has_a_hint_for_a_first_wrong_try(name: str) -> None:
    """A first wrong answer gets a nudge toward the rule, not the answer: each
    exercise of the tutorial writes one (``hint=``) beside its ``why=``."""
    asking = [source(c) for c in notebook(name)["cells"] if "Exercise(" in source(c)]
    assert asking, f"{name} has no exercise"
    for cell in asking:
        asked = cell.count("Exercise(")
        assert cell.count("hint=") == asked == cell.count("why="), cell


def test_the_readme_links_every_tutorial_in_order() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = re.findall(r"\(tutorials/(\d\d-[\w-]+\.ipynb)\)", readme)
    assert linked == NAMES
    assert re.findall(r"\(tutorials/(pt/\d\d-[\w-]+\.ipynb)\)", readme) == PT


def test_the_stored_study_is_what_its_script_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """tutorials/data/studies.py authors the study of tutorials 8 and 9: the
    file stored is the one it writes, and it loads."""
    monkeypatch.syspath_prepend(str(ROOT / "tutorials"))
    from data.studies import THREE_LESSONS, TRES_LICOES, three_lessons

    from covil_nb import Study

    for language, path in (("en", THREE_LESSONS), ("pt", TRES_LICOES)):
        assert three_lessons(language).to_json() == path.read_text(encoding="utf-8")
        assert Study.load(path).to_json() == path.read_text(encoding="utf-8")
    # The Portuguese copy is the same study: the same trees, in other words.
    english, portuguese = Study.load(THREE_LESSONS), Study.load(TRES_LICOES)
    assert portuguese.title != english.title
    for en, pt in zip(english.chapters, portuguese.chapters, strict=True):
        assert [str(n.move) for n in en.main_line()] == [str(n.move) for n in pt.main_line()]


def test_the_tree_search_tournaments_name_its_default_budget() -> None:
    """Tutorial 8 and docs/bots.md say the tree search bot's tournaments are
    played at its default budget: each names it (so that a record played at
    another is refused, not resumed), and it is the default for its players."""
    from covil_nb.bots.tree_search import DEFAULT_ITERATIONS, widened

    tournaments = tutorial_data.load("tournaments")
    named = {
        name: spec["seats"]["yellow"]
        for name, spec in tournaments.TOURNAMENTS.items()
        if name.startswith("ismcts-")
    }
    for name, searcher in named.items():
        players = len(tournaments.TOURNAMENTS[name]["seats"])
        assert searcher == f"ismcts:iterations={DEFAULT_ITERATIONS[players]}", name
    # docs/bots.md's root widths at the defaults: as many plans as the flat search races with 2.
    assert [widened(DEFAULT_ITERATIONS[n]) for n in (2, 3, 4)] == [6, 5, 4]


def test_the_docs_tell_the_stored_tournaments_as_they_are() -> None:
    """docs/bots.md's account of issue 21's tournaments is the records': each
    one's games, the tree search bot's wins, its win rate and interval."""
    import pandas as pd

    from covil_nb.analysis.tournament import Results

    tournaments = tutorial_data.load("tournaments")
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    told = page[page.index("## The stored tournaments") : page.index("## The search's speed")]
    found = re.findall(r"^- `(ismcts-[\w-]+)`(.*?)(?=^- `|^$)", told, re.M | re.S)
    items = [(name, " ".join(said.split())) for name, said in found]
    begun = [(name, said) for name, said in items if "not begun" not in said]
    assert all((DATA / f"{name}.csv").exists() != ("not begun" in said) for name, said in items)
    assert sorted(name for name, _ in items) == sorted(
        name for name in tournaments.TOURNAMENTS if name.startswith("ismcts-")
    )
    for name, said in begun:
        searcher = tournaments.TOURNAMENTS[name]["seats"]["yellow"]
        row = Results.from_frame(pd.read_csv(DATA / f"{name}.csv")).table().loc[searcher]
        games = re.search(r"(\d+)(?: of \d+)? games", said)
        won = re.search(r"won (\d+), ([\d.]+)% \((?:Wilson 95% )?([\d.]+)% to ([\d.]+)%", said)
        assert games and won, said
        assert int(games[1]) == row.games and int(won[1]) == row.wins, name
        rates = [100 * r for r in (row.win_rate, row.ci_low, row.ci_high)]
        said_rates = [float(x) for x in won.groups()[1:]]
        # To one decimal, a half either way (285 of 400 is 71.25%).
        assert all(abs(a - b) <= 0.05 + 1e-9 for a, b in zip(said_rates, rates, strict=True)), name
