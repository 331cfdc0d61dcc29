"""Parsing a module as it is edited (``jaxerr_ls.lint.chunks``): every parse is exactly
``ast.parse``'s tree, line numbers and columns included, however the text was edited since the
last one; and what did not change is not parsed again."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jaxerr_ls.lint import lint_source
from jaxerr_ls.lint.chunks import ChunkedParser, Piece

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
MODULES = sorted(
    [
        *FIXTURES.glob("lint/*.py"),
        *FIXTURES.glob("project/**/*.py"),
        *FIXTURES.glob("blind*/**/*.py"),
    ]
)


def dump(tree: ast.AST | None) -> str | None:
    return None if tree is None else ast.dump(tree, include_attributes=True)


def expected(source: str) -> str | None:
    try:
        return dump(ast.parse(source))
    except (SyntaxError, ValueError):
        return None


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(FIXTURES).as_posix())
def test_a_module_parses_to_ast_parse_tree(path: Path) -> None:
    source = path.read_text()
    assert dump(ChunkedParser().parse(source)) == expected(source)


TRICKY = '''\
import jax
@jax.jit
def f(x):
    return x
s = """
def not_code():
x = 1
"""
if f:
    y = (1,
2)
else:
    y = 3
try:
    pass
except ValueError:
    pass
finally:
    pass
z = 1 + \\
2
class C:
    pass
# a comment at column 0
w = [i for i in
range(3)]
'''

# Edits a user makes as they type: a character in or out, a line broken or joined, a line
# half-typed (an open bracket or string, a stray ``else``), a decorator, CRLF line ends.
PIECES = ["x", "(", ")", '"""', "\n", "\r\n", "else:\n", "@d\n", "def g():\n", "    ", "#", "\\\n"]


def typing_edits(
    pieces: list[str], max_size: int
) -> st.SearchStrategy[list[tuple[float, int, str]]]:
    """Edits as typed: where (a fraction of the text), how many characters go, what comes."""
    return st.lists(
        st.tuples(
            st.floats(min_value=0, max_value=1),
            st.integers(min_value=0, max_value=3),
            st.sampled_from(pieces),
        ),
        max_size=max_size,
    )


@settings(max_examples=200, deadline=None)
@given(edits=typing_edits(PIECES, 12))
def test_every_parse_while_typing_is_ast_parse_tree(
    edits: list[tuple[float, int, str]],
) -> None:
    parser = ChunkedParser()
    source = TRICKY
    assert dump(parser.parse(source)) == expected(source)
    for where, deleted, inserted in edits:
        at = int(where * len(source))
        source = source[:at] + inserted + source[at + deleted :]
        assert dump(parser.parse(source)) == expected(source), repr(source)


def test_only_the_edited_statement_is_parsed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    source = (FIXTURES / "lint" / "hijax_vjp_bwd_retval_structure.py").read_text()
    parser = ChunkedParser()
    first = parser.parse(source)
    assert first is not None
    parsed: list[str] = []
    real_parse = ast.parse
    monkeypatch.setattr(
        ast, "parse", lambda text, *a, **k: parsed.append(text) or real_parse(text, *a, **k)
    )
    edited = source.replace("return x * w\n", "return w * x\n")
    second = parser.parse(edited)
    assert second is not None and dump(second) == dump(real_parse(edited))
    # (Each piece is parsed after the line ends that put it at its line in the module.)
    assert [text.lstrip("\n") for text in parsed] == [
        "class Scale(HiPrim):\n"
        + edited.split("class Scale(HiPrim):\n")[1].split("\n\n\ndef scale")[0]
        + "\n\n\n"
    ]
    # The statements around it are the very same trees as before.
    kept = [a for a, b in zip(first.body, second.body, strict=True) if a is b]
    assert len(kept) == len(first.body) - 1


# Column-0 lines inside a statement: a string, brackets, a continuation, decorators.
SPLIT_CASES = [
    TRICKY,
    '"""Module.\n\nat column 0\n"""\nimport jax\n',
    "@a\n@b(\n1,\n)\ndef f():\n    pass\n# end\n",
    "x = 1; y = 2\nif x:\n    pass\nelif y:\n    pass\n",
    "def f():\n    return '''\ndef g():\n    pass\n'''\n\n\nclass C: pass\n",
    "x = 1\r\ny = (\r\n2)\r\n",
    'x = """\n' + "".join(f"line{i} = {i}\n" for i in range(40)) + '"""\ny = 1\n',
    "# only a comment\n",
    "",
]


def one_by_one(source: str) -> tuple[list[tuple[int, str, str]] | None, set[str]]:
    """The pieces parsed one by one, as after an edit, and the texts that failed."""
    parser = ChunkedParser()
    pieces = parser._pieces(source, {}, set())
    return _pieces(pieces), parser._failed


def _pieces(pieces: list[Piece] | None) -> list[tuple[int, str, str]] | None:
    if pieces is None:
        return None
    return [(p.line, p.text, dump(ast.Module(p.body, type_ignores=[])) or "") for p in pieces]


@pytest.mark.parametrize(
    "source",
    [*SPLIT_CASES, *(p.read_text() for p in MODULES)],
    ids=[*(f"case{i}" for i in range(len(SPLIT_CASES))), *(p.name for p in MODULES)],
)
def test_a_first_cut_from_one_parse_gives_the_pieces_parsed_one_by_one(source: str) -> None:
    parser = ChunkedParser()
    assert _pieces(parser.cut(source)) == one_by_one(source)[0]
    assert parser._failed == one_by_one(source)[1]


def test_a_first_cut_parses_the_text_once(monkeypatch: pytest.MonkeyPatch) -> None:
    source = (FIXTURES / "lint" / "hijax_vjp_bwd_retval_structure.py").read_text()
    parsed: list[str] = []
    real_parse = ast.parse
    monkeypatch.setattr(
        ast, "parse", lambda text, *a, **k: parsed.append(text) or real_parse(text, *a, **k)
    )
    parser = ChunkedParser()
    assert dump(parser.parse(source)) == dump(real_parse(source))
    assert parsed == [source] and len(parser.last) > 3


def test_lint_with_the_chunked_parser_gives_the_same_predictions() -> None:
    parser = ChunkedParser()
    for path in MODULES:
        source = path.read_text()
        assert lint_source(source, parse=parser.parse) == lint_source(source), path


def test_text_that_keeps_failing_in_pieces_is_parsed_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """A string open across many lines that start at column 0 (or a module with a syntax
    error) is not tried piece after growing piece: the text tried in vain stays below the
    module's length, then the module is parsed at once."""
    source = 'x = """\n' + "".join(f"line{i} = {i}\n" for i in range(2000)) + '"""\ny = 1\n'
    tried: list[int] = []
    real_parse = ast.parse
    monkeypatch.setattr(
        ast, "parse", lambda text, *a, **k: tried.append(len(text)) or real_parse(text, *a, **k)
    )
    tree = ChunkedParser().parse(source)
    assert dump(tree) == dump(real_parse(source))
    assert sum(tried) <= 3 * len(source)
    tried.clear()
    assert ChunkedParser().parse(source.replace("y = 1", "y = (")) is None
    assert sum(tried) <= 3 * len(source)


def test_statements_a_line_moved_are_not_parsed_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A line added above statements moves them: cutting the text parses only the new line;
    placing the moved statements moves their trees' lines without parsing them again."""
    source = (FIXTURES / "lint" / "hijax_vjp_bwd_retval_structure.py").read_text()
    parser = ChunkedParser()
    assert parser.parse(source) is not None
    parsed: list[str] = []
    real_parse = ast.parse
    monkeypatch.setattr(
        ast, "parse", lambda text, *a, **k: parsed.append(text) or real_parse(text, *a, **k)
    )
    at = source.index("class Scale(HiPrim):")
    edited = source[:at] + "added = 1\n" + source[at:]
    pieces = parser.cut(edited)
    assert pieces is not None
    assert [text.lstrip("\n") for text in parsed] == ["added = 1\n"]
    moved = [p for p in pieces if not p.placed]
    assert moved and all(p.line > source[:at].count("\n") + 1 for p in moved)
    parsed.clear()
    tree = ast.Module(body=[s for p in pieces for s in parser.place(p)], type_ignores=[])
    assert dump(tree) == dump(real_parse(edited))
    assert parsed == []
    # Moved back: nothing is parsed.
    parsed.clear()
    assert dump(parser.parse(source)) == dump(real_parse(source))
    assert parsed == []
