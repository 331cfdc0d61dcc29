"""Every span the core computes counts characters, whatever the source's characters are."""

from __future__ import annotations

import ast
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from jaxerr_ls.culprits import _rule_culprit
from jaxerr_ls.locate import ProjectFiles
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit, Span, ast_span, char_col

# Letters of one, two, three and four UTF-8 bytes (and two UTF-16 units for the last).
TEXT = st.text(alphabet="aé→\U0001d6fc _x", min_size=0, max_size=6)
NAMES = st.sampled_from(["x", "é", "größe", "αβ", "x\U0001d6fc"])


@st.composite
def programs(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        name = draw(NAMES)
        label = draw(TEXT)
        lines.append(f'{name} = f("{label}", {name}) + g("{draw(TEXT)}")  # {draw(TEXT)}')
    body = "\n".join(f"    {line}" for line in lines)
    return f'def rule({draw(NAMES)}):\n{body}\n    return (x, "{draw(TEXT)}")\n'


@given(programs())
@settings(max_examples=200, deadline=None)
def test_a_nodes_span_selects_its_source_text(program: str) -> None:
    lines = program.splitlines()
    for node in ast.walk(ast.parse(program)):
        if not isinstance(node, ast.expr | ast.stmt) or node.end_lineno != node.lineno:
            continue
        span = ast_span(Path("m.py"), node, lines)
        assert lines[span.line - 1][span.col : span.end_col] == ast.get_source_segment(
            program, node
        )


@given(programs())
@settings(max_examples=50, deadline=None)
def test_a_culprit_rules_return_span_selects_the_return(program: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rules.py"
        path.write_text(program, encoding="utf-8")
        files = ProjectFiles(Path(folder))
        culprit = _rule_culprit(files, path.resolve(), "rule", CulpritKind.CUSTOM_VJP_BWD)
        assert culprit is not None
        span = culprit.span
        text = program.splitlines()[span.line - 1]
        assert text[span.col : span.end_col].startswith("return (x, ")
        assert text[span.col : span.end_col].endswith('")')


def test_byte_offsets_become_character_offsets() -> None:
    line = 'é = "\U0001d6fc" + f(x)'
    assert char_col(line, line.encode().index(b"f(x)")) == line.index("f(x)")
    assert char_col("plain", 3) == 3


def test_a_span_refuses_to_end_before_it_starts() -> None:
    for bad in [(0, 0, 1, 0), (1, -1, 1, 0), (2, 0, 1, 5), (1, 4, 1, 3)]:
        try:
            Span(Path("m.py"), *bad)
        except ValueError:
            continue
        raise AssertionError(f"accepted {bad}")
    assert Edit(Span(Path("m.py"), 1, 0, 1, 0), "x").path == Path("m.py")
