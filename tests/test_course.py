"""The learner's working copy of the tutorials (covil_nb/course.py): what is
missing is copied, what the learner changed is never touched, and what was
copied and left as it was follows the tutorial's new version."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from covil_nb import course


@pytest.fixture(autouse=True)
def jupyter_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Jupyter's store of trusted notebooks, the test's own, not the user's."""
    store = tmp_path / "jupyter-data"
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(store))
    return store


@pytest.fixture
def tutorials(tmp_path: Path) -> Path:
    source = tmp_path / "package"
    (source / "data" / "__pycache__").mkdir(parents=True)
    (source / "01-setup.ipynb").write_text("lesson one")
    (source / "02-a-day.ipynb").write_text("lesson two")
    (source / "data" / "games.csv").write_text("seed\n1\n")
    (source / "data" / "__pycache__" / "x.pyc").write_text("")
    return source


def test_the_first_copy_has_every_file_but_the_caches(tutorials: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    done = course.copy_tutorials(mine, tutorials)
    assert done == {
        "new": ["01-setup.ipynb", "02-a-day.ipynb", "data/games.csv"],
        "updated": [],
        "kept": [],
    }
    assert (mine / "data" / "games.csv").read_text() == "seed\n1\n"
    assert not (mine / "data" / "__pycache__").exists()
    assert sorted(json.loads((mine / course.MANIFEST).read_text())) == done["new"]


def test_a_new_version_replaces_only_what_the_learner_left_alone(
    tutorials: Path, tmp_path: Path
) -> None:
    mine = tmp_path / "mine"
    course.copy_tutorials(mine, tutorials)
    (mine / "01-setup.ipynb").write_text("my notes")
    (mine / "data" / "games.csv").unlink()
    for name in ("01-setup.ipynb", "02-a-day.ipynb"):
        (tutorials / name).write_text(f"{name}, second edition")
    done = course.copy_tutorials(mine, tutorials)
    assert done == {
        "new": ["data/games.csv"],
        "updated": ["02-a-day.ipynb"],
        "kept": ["01-setup.ipynb"],
    }
    assert (mine / "01-setup.ipynb").read_text() == "my notes"
    assert (mine / "02-a-day.ipynb").read_text() == "02-a-day.ipynb, second edition"
    # Kept the next time too, though the learner's file is unchanged since.
    assert course.copy_tutorials(mine, tutorials)["kept"] == ["01-setup.ipynb"]


def test_a_file_the_package_never_copied_is_the_learners(tutorials: Path, tmp_path: Path) -> None:
    """A folder made before the manifest (or by hand) keeps what differs."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "01-setup.ipynb").write_text("an older copy")
    (mine / "02-a-day.ipynb").write_text("lesson two")
    done = course.copy_tutorials(mine, tutorials)
    assert done["kept"] == ["01-setup.ipynb"] and done["updated"] == []
    assert (mine / "01-setup.ipynb").read_text() == "an older copy"


def test_the_command_copies_without_opening_and_keeps_jupyters_options_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened: list[tuple[Path, list[str]]] = []
    monkeypatch.setattr(
        course, "open_lab", lambda folder, options: opened.append((folder, options)) or 0
    )
    monkeypatch.chdir(tmp_path)
    assert course.main(["--port", "8899", "--no-browser"]) == 0
    assert opened == [(Path(course.DEFAULT_FOLDER), ["--port", "8899", "--no-browser"])]
    assert (tmp_path / course.DEFAULT_FOLDER / "01-setup.ipynb").is_file()
    assert course.main(["lessons", "--no-open"]) == 0 and len(opened) == 1
    assert "Your working copy of the tutorials is lessons/" in capsys.readouterr().out


def test_an_edit_alone_is_simply_the_learners(tutorials: Path, tmp_path: Path) -> None:
    """Nothing to report while the original has not changed since the copy."""
    mine = tmp_path / "mine"
    course.copy_tutorials(mine, tutorials)
    (mine / "01-setup.ipynb").write_text("my notes")
    assert course.copy_tutorials(mine, tutorials) == {"new": [], "updated": [], "kept": []}
    assert (mine / "01-setup.ipynb").read_text() == "my notes"


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda mine, _: (mine.parent.mkdir(exist_ok=True), mine.write_text("x")), "is a file"),
        (lambda mine, _: (mine.mkdir(), (mine / course.MANIFEST).write_text("{")), "delete it"),
        (lambda mine, _: (mine.mkdir(), (mine / course.MANIFEST).write_text("[1]")), "delete it"),
        (lambda mine, _: (mine / "01-setup.ipynb").mkdir(parents=True), "is a folder"),
    ],
)
def test_a_folder_that_cannot_take_the_copy_is_refused_in_words(
    tutorials: Path, tmp_path: Path, spoil: object, said: str
) -> None:
    mine = tmp_path / "mine"
    spoil(mine, tutorials)  # type: ignore[operator]
    with pytest.raises(course.CourseError, match=said):
        course.copy_tutorials(mine, tutorials)


def test_no_tutorials_or_the_originals_themselves_are_refused(
    tutorials: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(course.CourseError, match="no tutorials in"):
        course.copy_tutorials(tmp_path / "mine", tmp_path / "nowhere")
    with pytest.raises(course.CourseError, match="holds the originals"):
        course.copy_tutorials(tutorials, tutorials)
    (tmp_path / "a-file").write_text("")
    assert course.main([str(tmp_path / "a-file"), "--no-open"]) == 1
    assert "a-file is a file: choose a folder" in capsys.readouterr().err


def test_the_package_command_names_what_it_does_not_know(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from covil_nb import __main__ as command

    assert command.main(["--help"]) == 0
    assert "tutorials: copy the tutorials" in capsys.readouterr().out
    assert command.main(["bogus"]) == 2
    assert "no command 'bogus'" in capsys.readouterr().err
    assert command.main([]) == 2


def test_the_copied_notebooks_open_trusted_but_not_the_learners_own(
    tmp_path: Path, jupyter_store: Path
) -> None:
    """An untrusted notebook shows its stored pictures as text until run: the
    tutorials' copies are marked trusted, a copy the learner changed is not
    vouched for."""
    mine = tmp_path / "mine"
    course.copy_tutorials(mine, course.tutorials())
    changed = mine / "02-a-day.ipynb"
    notebook = nbformat.read(changed, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell("print('mine')"))
    nbformat.write(notebook, changed)
    assert course.main([str(mine), "--no-open"]) == 0
    notary = NotebookNotary(data_dir=str(jupyter_store))
    trusted = {p.name for p in mine.glob("*.ipynb") if notary.check_signature(nbformat.read(p, 4))}
    assert trusted == {p.name for p in course.tutorials().glob("*.ipynb")} - {changed.name}
