"""Quick fixes computed from real output of the fixture project, checked against its sources."""

from __future__ import annotations

import ast
import functools
import shutil
from pathlib import Path
from typing import Any

import pytest

from jaxerr_ls import fixes as fixes_module
from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.fixes import Applicability, Fix, FixTarget, Provider, finding_target, fixes_for
from jaxerr_ls.matching import RecordIndex
from jaxerr_ls.payload import DiagnosticData, from_json, to_json
from jaxerr_ls.records import load_records
from jaxerr_ls.spans import Edit, Span, apply_edits

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PROJECT = FIXTURES / "project"
LOGS = FIXTURES / "logs"
VERSIONS = ["jax-0.12.0.1", "jax-0.10.2"]
KINDS = ["script", "pytest-single"]


def read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


@functools.cache
def record_index() -> RecordIndex:
    return RecordIndex(load_records().records)


def target_for(log: Path, root: Path = PROJECT, code: str | None = None) -> FixTarget | None:
    analyzer = Analyzer(record_index(), root, cwd=root)
    findings = list(analyzer.analyze_lines(log.read_text().splitlines(keepends=True)))
    if code is not None:
        findings = [f for f in findings if f.code == code]
    [finding] = findings
    return finding_target(finding)


def fixes_from(log: Path, root: Path = PROJECT) -> list[Fix]:
    target = target_for(log, root)
    assert target is not None
    return fixes_for(target, read)


def applied(fix: Fix) -> dict[Path, str]:
    """Each edited file's text after the fix."""
    result = {}
    for path in {edit.path for edit in fix.edits}:
        text = read(path)
        assert text is not None
        result[path] = apply_edits(text, [edit for edit in fix.edits if edit.path == path])
    return result


def function(tree: ast.AST, name: str) -> ast.FunctionDef:
    [found] = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == name]
    return found


def copy_project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(PROJECT, root)
    return root


def edit_line(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


# --- custom_vjp bwd rules ---------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("program", ["custom_vjp_bwd_shape", "custom_vjp3_bwd_shape"])
def test_a_reducing_bwd_rule_loses_its_reduction(version: str, kind: str, program: str) -> None:
    [fix] = fixes_from(LOGS / version / kind / f"{program}.log")
    assert fix.preferred
    assert fix.code in {"custom-vjp-bwd-output-type", "custom-vjp-bwd-args-mismatch"}
    assert fix.title == "Remove jnp.sum so output[0] keeps the input's shape"
    ops = PROJECT / "model" / "ops.py"
    [(path, text)] = applied(fix).items()
    assert path == ops
    bwd = function(ast.parse(text), "_clipped_relu_bwd")
    assert ast.unparse(bwd.body[-1]) == "return (g * mask,)"
    before, after = (read(ops) or "").splitlines(), text.splitlines()
    assert [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b] == [18]


def test_no_reduction_fix_once_the_rule_returns_the_right_shape(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "custom_vjp_bwd_shape.log", root)
    assert target is not None
    edit_line(root / "model" / "ops.py", "(jnp.sum(g * mask),)", "(g * mask,)")
    assert fixes_for(target, read) == []


def test_no_reduction_fix_when_the_culprit_line_moved(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "custom_vjp_bwd_shape.log", root)
    assert target is not None
    edit_line(
        root / "model" / "ops.py",
        "def _clipped_relu_bwd(x, g):\n",
        'def _clipped_relu_bwd(x, g):\n    """Backward rule."""\n',
    )
    assert fixes_for(target, read) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The operand's shape no longer follows from the input's: a matrix product.
        ("mask = (x > 0.0) & (x < 6.0)", "mask = x @ x.T"),
        # A reduction along an axis is not a full one: removing it is not known to be right.
        ("(jnp.sum(g * mask),)", "(jnp.sum(g * mask, axis=0),)"),
        # The residual is not the input any more.
        ("return clipped_relu(x), x\n", "return clipped_relu(x), x.sum()\n"),
        # The primal is not elementwise in its input.
        ("return jnp.clip(x, 0.0, 6.0)", "return jnp.clip(x, 0.0, 6.0).T"),
    ],
)
def test_no_reduction_fix_when_the_shape_is_not_provably_the_input(
    tmp_path: Path, old: str, new: str
) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "custom_vjp_bwd_shape.log", root)
    assert target is not None
    edit_line(root / "model" / "ops.py", old, new)
    # Not removed; at most the unsafe guess of a per-row reduction, offered one by one.
    fixes = fixes_for(target, read)
    assert all(f.applicability == Applicability.UNSAFE for f in fixes), fixes
    assert not any(f.title.startswith("Remove") for f in fixes)


# --- hijax vjp_bwd ----------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_returning_vjp_bwd_becomes_vjp_bwd_retval_or_returns_none(kind: str) -> None:
    rename, return_none = fixes_from(LOGS / "jax-0.12.0.1" / kind / "hijax_vjp_bwd_return.log")
    assert (rename.title, rename.preferred) == ("Rename vjp_bwd to vjp_bwd_retval", True)
    assert not return_none.preferred

    [text] = applied(rename).values()
    method = function(ast.parse(text), "vjp_bwd_retval")
    assert [a.arg for a in method.args.args] == ["self", "y", "g"]
    assert ".accum(" not in ast.unparse(method)
    assert ast.unparse(method.body[-1]) == "return (ct,)"
    assert "def vjp_bwd(" not in text

    [text] = applied(return_none).values()
    method = function(ast.parse(text), "vjp_bwd")
    assert [a.arg for a in method.args.args] == ["self", "y", "g", "x_acc"]
    # The final return goes (a method that ends returns None).
    assert ast.unparse(method.body[-1]) == "x_acc.accum(ct)"
    assert "return" not in ast.unparse(method)


@pytest.mark.parametrize("kind", KINDS)
def test_jax_0_10_fails_differently_on_hijax_and_gets_no_fix(kind: str) -> None:
    target = target_for(LOGS / "jax-0.10.2" / kind / "hijax_vjp_bwd_return.log")
    assert target is None or fixes_for(target, read) == []


def test_no_return_none_fix_when_the_accumulator_gets_nothing(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    log = LOGS / "jax-0.12.0.1" / "script" / "hijax_vjp_bwd_return.log"
    target = target_for(log, root)
    assert target is not None
    # Returning None would drop the gradient; renaming would leave x_acc unused but is not
    # mechanical either (the rewrite only removes accumulators it sees used once).
    edit_line(root / "model" / "hijax_ops.py", "        x_acc.accum(ct)\n", "")
    assert fixes_for(target, read) == []


def test_no_hijax_fix_once_the_method_is_renamed(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "hijax_vjp_bwd_return.log", root)
    assert target is not None
    edit_line(root / "model" / "hijax_ops.py", "def vjp_bwd(", "def vjp_bwd_retval(")
    assert fixes_for(target, read) == []


def test_only_return_none_when_the_rename_is_not_mechanical(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "hijax_vjp_bwd_return.log", root)
    assert target is not None
    # The accumulated value is rebound before the return: returning it would be wrong.
    edit_line(
        root / "model" / "hijax_ops.py", "        # Bug:", "        ct = None\n        # Bug:"
    )
    [fix] = fixes_for(target, read)
    assert fix.title.startswith("Return nothing from vjp_bwd")
    assert fix.preferred


# --- Ref gradients ----------------------------------------------------------------------


def with_refs_call(text: str, line: int) -> ast.Call:
    tree = ast.parse(text)
    [call] = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "with_refs"
        and n.lineno == line
    ]
    return call


def test_a_vjp_applied_without_refs_gets_a_gradient_ref_or_dont_want() -> None:
    log = LOGS / "jax-0.12.0.1" / "script" / "vjp_ref_grad_missing.log"
    grad_ref, dont_want = fixes_from(log)
    # The script unpacks the Ref argument's gradient (w_ct): the ref fix comes first.
    assert grad_ref.preferred and not dont_want.preferred

    script = PROJECT / "scripts" / "vjp_ref_grad_missing.py"
    # k: the 0-based index of the failing line, `w_ct, x_ct = f_vjp(...)`
    k = next(i for i, t in enumerate(script.read_text().splitlines()) if "jaxerr-expect" in t)
    [text] = applied(grad_ref).values()
    lines = text.splitlines()
    assert lines[k] == "w_ct_ref = jax.new_ref(jnp.zeros_like(w_ref[...]))"
    call = with_refs_call(text, k + 2)
    assert ast.unparse(call.func) == "f_vjp.with_refs"
    assert [ast.unparse(a) for a in call.args] == [
        "w_ct_ref",
        "jax.tree.map(lambda _: jax.ad.GradValue(), x)",
    ]
    assert lines[k + 1].startswith("_, x_ct = f_vjp.with_refs(")
    assert lines[k + 2] == "w_ct = w_ct_ref[...]"

    [text] = applied(dont_want).values()
    call = with_refs_call(text, k + 1)
    assert ast.unparse(call.args[0]) == "jax.ad.DontWant()"
    assert text.splitlines()[k].startswith("w_ct, x_ct = f_vjp.with_refs(")


def test_a_test_that_discards_the_ref_gradient_prefers_dont_want() -> None:
    log = LOGS / "jax-0.12.0.1" / "pytest-single" / "vjp_ref_grad_missing.log"
    grad_ref, dont_want = fixes_from(log)
    assert dont_want.preferred and not grad_ref.preferred
    [text] = applied(dont_want).values()
    assert "_, x_ct = f_vjp.with_refs(jax.ad.DontWant(), " in text


@pytest.mark.parametrize("kind", KINDS)
def test_jax_0_10_fails_differently_on_refs_and_gets_no_fix(kind: str) -> None:
    target = target_for(LOGS / "jax-0.10.2" / kind / "vjp_ref_grad_missing.log")
    assert target is None or fixes_for(target, read) == []


def test_a_used_ref_gradient_is_never_dropped(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "vjp_ref_grad_missing.log", root)
    assert target is not None
    script = root / "scripts" / "vjp_ref_grad_missing.py"
    script.write_text(script.read_text() + 'print("w cotangent", w_ct)\n')
    [fix] = fixes_for(target, read)
    assert fix.title.startswith("Accumulate the gradient of w_ref")


def test_no_ref_fix_once_the_line_changed(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "vjp_ref_grad_missing.log", root)
    assert target is not None
    script = root / "scripts" / "vjp_ref_grad_missing.py"
    edit_line(script, "w_ct, x_ct = f_vjp(", "w_ct, x_ct = other(")
    assert fixes_for(target, read) == []


# --- the API ----------------------------------------------------------------------------


def real_target() -> FixTarget:
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "custom_vjp_bwd_shape.log")
    assert target is not None and target.culprits
    return target


def test_a_target_round_trips_through_the_diagnostic_payload() -> None:
    data = DiagnosticData(record_id="r", role="error", target=real_target())
    assert from_json(to_json(data)) == data


def malformed() -> list[Any]:
    good = to_json(DiagnosticData(record_id="r", role="culprit", target=real_target()))
    target = good["target"]
    span = target["span"]
    culprit = target["culprits"][0]

    def with_target(**changes: Any) -> dict[str, Any]:
        return {**good, "target": {**target, **changes}}

    return [
        None,
        [],
        "text",
        {**good, "v": 0},
        {k: v for k, v in good.items() if k != "v"},
        {**good, "role": "witness"},
        {**good, "recordId": 3},
        {k: v for k, v in good.items() if k != "role"},
        with_target(code=None),
        with_target(span={**span, "line": 0}),
        with_target(span={**span, "line": True}),
        with_target(span={**span, "col": -1}),
        with_target(span={**span, "line": "17"}),
        with_target(span={**span, "path": ""}),
        with_target(span={**span, "endLine": span["line"], "endCol": span["col"] - 1}),
        with_target(captures="float32[]"),
        with_target(captures={"got": 1}),
        with_target(culprits={}),
        with_target(culprits=[{**culprit, "kind": None}]),
        with_target(culprits=[{**culprit, "kind": "custom_vjp.anything"}]),
        with_target(frames=[{"path": "x.py"}]),
    ]


@pytest.mark.parametrize("data", malformed())
def test_malformed_payloads_are_refused_whole(data: Any) -> None:
    assert from_json(data) is None


def test_an_unreadable_file_gets_no_fix() -> None:
    assert fixes_for(real_target(), lambda path: None) == []


def test_a_fix_whose_result_does_not_parse_is_not_offered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    target = real_target()

    def broken(target: FixTarget, read: Any) -> list[Fix]:
        at = target.culprits[0].span
        edit = Edit(Span(at.path, at.line, at.col, at.line, at.col), "(")
        return [Fix("Break it", target.code, (edit,))]

    provider = Provider(frozenset({target.code}), frozenset(), broken)
    monkeypatch.setitem(fixes_module._BY_CODE, target.code, provider)
    assert fixes_for(target, read) == []


def test_apply_edits_takes_edits_in_any_order_and_rejects_overlaps() -> None:
    source = "a = 1\nb = 2\n"
    path = Path("f")
    first = Edit(Span(path, 1, 4, 1, 5), "10")
    second = Edit(Span(path, 2, 0, 3, 0), "")
    assert apply_edits(source, [second, first]) == "a = 10\n"
    with pytest.raises(ValueError):
        apply_edits(source, [first, Edit(Span(path, 1, 0, 1, 5), "x")])


def all_targets(version: str) -> list[FixTarget]:
    targets = []
    for log in sorted((LOGS / version / "script").glob("*.log")):
        analyzer = Analyzer(record_index(), PROJECT, cwd=PROJECT)
        for finding in analyzer.analyze_lines(log.read_text().splitlines(keepends=True)):
            target = finding_target(finding)
            if target is not None:
                targets.append(target)
    return targets


# Every target against every file: the suite's longest test, so it runs with `-m slow` and in
# the whole suite (CI), not in the core tier; one test per JAX version's logs, so that xdist
# can run the halves on two workers.
@pytest.mark.slow
@pytest.mark.parametrize("version", VERSIONS)
def test_fixes_never_fail_on_code_they_do_not_expect(version: str) -> None:
    # Every real target against every Python file of the fixtures standing in for its files:
    # the providers must find nothing to fix, or a fix that parses, never raise.
    sources = [p.read_text() for p in sorted(FIXTURES.rglob("*.py"))]
    targets = all_targets(version)
    assert targets
    # File by file, so that each text is parsed and modelled once for all the targets (the
    # fixes keep the last few parses), not once per target.
    for text in sources:
        for target in targets:
            for fix in fixes_for(target, lambda path, text=text: text):
                assert fix.edits


@pytest.mark.parametrize(
    ("written", "title"),
    [
        ("(g * mask).sum()", "Remove .sum() so output[0] keeps the input's shape"),
        ("jnp.mean(g * mask)", "Remove jnp.mean so output[0] keeps the input's shape"),
        ("jnp.sum(jnp.where(mask, g, 0.0))", "Remove jnp.sum so output[0] keeps the input's shape"),
    ],
)
def test_other_full_reductions_are_removed_too(tmp_path: Path, written: str, title: str) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "custom_vjp_bwd_shape.log", root)
    assert target is not None
    edit_line(root / "model" / "ops.py", "jnp.sum(g * mask)", written)
    [fix] = fixes_for(target, read)
    assert fix.title == title
    [text] = applied(fix).values()
    returned = function(ast.parse(text), "_clipped_relu_bwd").body[-1]
    assert "sum" not in ast.unparse(returned) and "mean" not in ast.unparse(returned)


RETURN_LINE = "        return (ct,)  # jaxerr-culprit: hijax-vjp-bwd-return\n"


def test_no_rename_when_the_class_already_binds_vjp_bwd_retval(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "hijax_vjp_bwd_return.log", root)
    assert target is not None
    edit_line(
        root / "model" / "hijax_ops.py",
        RETURN_LINE,
        RETURN_LINE + "\n    vjp_bwd_retval = None\n",
    )
    titles = [fix.title for fix in fixes_for(target, read)]
    assert titles and not any(title.startswith("Rename") for title in titles)


def test_no_ref_fix_when_the_vjp_function_is_rebound_in_a_branch(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "vjp_ref_grad_missing.log", root)
    assert target is not None
    script = root / "scripts" / "vjp_ref_grad_missing.py"
    # Same line count, so the failing line stays where it was.
    edit_line(script, "x, _ = toy_batch()\n", "x, _ = toy_batch()  # noqa\n")
    edit_line(
        script,
        "out, f_vjp = jax.vjp(scale_in_place, w_ref, x)\n",
        "if x is not None: out, f_vjp = jax.vjp(scale_in_place, w_ref, x)\n",
    )
    assert fixes_for(target, read) == []


def test_an_argument_known_to_be_an_array_gets_a_plain_grad_value(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    target = target_for(LOGS / "jax-0.12.0.1" / "script" / "vjp_ref_grad_missing.log", root)
    assert target is not None
    script = root / "scripts" / "vjp_ref_grad_missing.py"
    edit_line(script, "x, _ = toy_batch()\n", "x = jnp.ones((8, 3))\n")
    fixes = fixes_for(target, read)
    assert len(fixes) == 2
    for fix in fixes:
        [text] = applied(fix).values()
        [call] = [
            n
            for n in ast.walk(ast.parse(text))
            if isinstance(n, ast.Call) and ast.unparse(n.func) == "f_vjp.with_refs"
        ]
        assert ast.unparse(call.args[1]) == "jax.ad.GradValue()"
