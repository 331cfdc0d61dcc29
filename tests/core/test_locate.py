"""Placing frames in the project: library paths, foreign paths by suffix, columns, moved lines."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jaxerr_ls.events import Frame
from jaxerr_ls.locate import ProjectFiles, enclosing_scope, is_library_path

PROJECT = Path(__file__).resolve().parents[1] / "fixtures" / "project"


@pytest.mark.parametrize(
    "printed",
    [
        "/usr/lib/python3.13/runpy.py",
        "/root/.pyenv/versions/3.11.7/lib/python3.11/contextlib.py",
        "/home/u/proj/.venv/lib/python3.13/site-packages/jax/_src/api.py",
        "/usr/local/lib/python3.10/dist-packages/jax/_src/core.py",
        "C:\\Users\\u\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\runpy.py",
        "/src/jax/jax/_src/interpreters/ad.py",
        "<frozen runpy>",
        "<string>",
        "<stdin>",
    ],
)
def test_library_and_pseudo_paths_are_never_the_users(printed: str) -> None:
    assert is_library_path(printed)


@pytest.mark.parametrize(
    "printed", ["/home/u/proj/model/ops.py", "tests/test_ops.py", "C:\\work\\proj\\train.py"]
)
def test_project_paths_are_the_users(printed: str) -> None:
    assert not is_library_path(printed)


def test_foreign_absolute_paths_map_onto_the_root_by_suffix() -> None:
    files = ProjectFiles(PROJECT)
    mapped = files.resolve("/tmp/ci-runner/_work/acme/project/model/ops.py")
    assert mapped == (PROJECT / "model" / "ops.py").resolve()
    windows = files.resolve("D:\\a\\acme\\project\\model\\layers.py")
    assert windows == (PROJECT / "model" / "layers.py").resolve()


def test_relative_paths_resolve_against_the_base() -> None:
    files = ProjectFiles(PROJECT)
    assert files.resolve("tests/test_ops.py", PROJECT) == (PROJECT / "tests/test_ops.py").resolve()


def test_an_ambiguous_file_name_is_not_guessed(tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "train.py").write_text("x = 1\n")
    files = ProjectFiles(tmp_path)
    assert files.resolve("/elsewhere/c/train.py") is None
    assert files.resolve("/elsewhere/a/train.py") == (tmp_path / "a" / "train.py").resolve()


def test_a_file_whose_whole_path_the_printed_one_ends_with_is_chosen(tmp_path: Path) -> None:
    # ``copy/pkg/run.py`` ends like ``pkg/run.py`` too, but its folder ``copy`` is not the
    # printed one's: the root's ``pkg/run.py`` is the file.
    for folder in (tmp_path / "pkg", tmp_path / "copy" / "pkg"):
        folder.mkdir(parents=True)
        (folder / "run.py").write_text("x = 1\n")
    files = ProjectFiles(tmp_path)
    assert files.resolve("/ci/work/proj/pkg/run.py") == (tmp_path / "pkg" / "run.py").resolve()
    assert (
        files.resolve("/ci/work/copy/pkg/run.py")
        == (tmp_path / "copy" / "pkg" / "run.py").resolve()
    )


def test_a_root_file_of_a_name_a_subfolder_repeats_is_chosen(tmp_path: Path) -> None:
    # ``fixed/ctr.py`` ends like the printed path too, but its folder is not the printed
    # one's; the root's ``ctr.py`` is the file, though its name alone is all that matches.
    (tmp_path / "fixed").mkdir()
    for path in (tmp_path / "ctr.py", tmp_path / "fixed" / "ctr.py"):
        path.write_text("x = 1\n")
    files = ProjectFiles(tmp_path)
    assert files.resolve("/home/a/proj/ctr.py") == (tmp_path / "ctr.py").resolve()
    assert files.resolve("/home/a/proj/fixed/ctr.py") == (tmp_path / "fixed" / "ctr.py").resolve()


def test_files_outside_the_root_and_in_virtualenvs_are_not_placed(tmp_path: Path) -> None:
    (tmp_path / ".venv" / "lib").mkdir(parents=True)
    (tmp_path / ".venv" / "lib" / "dep.py").write_text("x = 1\n")
    files = ProjectFiles(tmp_path)
    assert files.resolve(str(tmp_path / ".venv" / "lib" / "dep.py")) is None
    assert files.resolve(str(PROJECT / "model" / "ops.py")) is None


def test_marker_columns_are_mapped_onto_the_files_line(tmp_path: Path) -> None:
    source = tmp_path / "train.py"
    source.write_text("def step(w):\n    g = jax.grad(loss)(w, x)\n")
    files = ProjectFiles(tmp_path)
    printed = "g = jax.grad(loss)(w, x)"
    frame = Frame(str(source), 2, "step", printed, col=4, end_col=24)
    span = files.span_for(source, frame)
    assert span is not None and (span.line, span.col, span.end_col) == (2, 8, 28)
    assert "    g = jax.grad(loss)(w, x)"[span.col : span.end_col] == "jax.grad(loss)(w, x)"


def test_without_markers_the_whole_statement_is_the_range(tmp_path: Path) -> None:
    source = tmp_path / "train.py"
    source.write_text("def step(w):\n    g = jax.grad(loss)(w, x)  \n")
    span = ProjectFiles(tmp_path).span_for(
        source, Frame(str(source), 2, "step", "g = jax.grad(loss)(w, x)")
    )
    assert span is not None and (span.col, span.end_col) == (4, 28)


def test_a_line_moved_by_an_edit_is_followed_and_a_deleted_one_dropped(tmp_path: Path) -> None:
    shutil.copy(PROJECT / "model" / "ops.py", tmp_path / "ops.py")
    path = tmp_path / "ops.py"
    lines = path.read_text().splitlines()
    target = next(n for n, text in enumerate(lines, 1) if "jaxerr-culprit" in text)
    printed = lines[target - 1].strip()
    path.write_text("\n".join(["# a new header", "", *lines]) + "\n")
    files = ProjectFiles(tmp_path)
    moved = files.span_for(path, Frame(str(path), target, None, printed))
    assert moved is not None and moved.line == target + 2
    path.write_text("\n".join(line for line in lines if printed not in line) + "\n")
    assert ProjectFiles(tmp_path).span_for(path, Frame(str(path), target, None, printed)) is None


def test_a_line_is_named_by_the_function_that_runs_it() -> None:
    lines = [
        "import jax",  # 1
        "",
        "class Model:",  # 3
        "    scale = 2",  # 4
        "    def step(self, x):",  # 5
        "        def inner(y):",  # 6
        "            return y",  # 7
        "        out = inner(",  # 8
        "            x,",  # 9
        "        )",  # 10
        "        return out",  # 11
        "",
        "grads = jax.grad(Model().step)(1.0)",  # 13
    ]
    names = {line: enclosing_scope(lines, line) for line in (1, 4, 7, 9, 11, 13, 99)}
    assert names == {
        1: "<module>",
        4: "Model",
        7: "inner",
        9: "step",
        11: "step",
        13: "<module>",
        99: "<module>",
    }


def test_a_word_in_very_many_modules_is_searched_beside_the_traceback(tmp_path: Path) -> None:
    """Up to ``MAX_SEARCHED_FILES`` modules containing a word are all searched; past that
    (a root holding JAX's own sources), only those in the traceback's folders."""
    from jaxerr_ls.locate import MAX_SEARCHED_FILES

    (tmp_path / "app").mkdir()
    (tmp_path / "vendor").mkdir()
    (tmp_path / "app" / "rules.py").write_text("f.defvjp(fwd, bwd)\n")
    (tmp_path / "app" / "train.py").write_text("import rules\n")
    for n in range(MAX_SEARCHED_FILES - 1):
        (tmp_path / "vendor" / f"m{n}.py").write_text("g.defvjp(a, b)\n")
    near = [tmp_path / "app" / "train.py"]
    files = ProjectFiles(tmp_path)
    assert len(files.files_near(".defvjp", near)) == MAX_SEARCHED_FILES
    (tmp_path / "vendor" / "one_more.py").write_text("h.defvjp(a, b)\n")
    files = ProjectFiles(tmp_path)
    assert len(files.files_containing(".defvjp")) == MAX_SEARCHED_FILES + 1
    assert files.files_near(".defvjp", near) == [tmp_path / "app" / "rules.py"]
