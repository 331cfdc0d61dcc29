"""The fix of a record shown rather than applied: its example, in the user's names, as a diff.

Where no edit can be trusted, the user still gets the record's ``exampleFix``: its before and
after code as a unified diff, with the example's function, its parameters and the function it
is registered on renamed to the user's own (the function the error or its culprit is in), and
every fix computed on the user's code that is not safe enough to apply blindly, as a diff of
their file. Names are only swapped where the swap is one to one and collides with nothing in
the example; otherwise the example is shown as written.
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from jaxerr_ls.fixes.example import rename
from jaxerr_ls.fixes.model import Fix
from jaxerr_ls.fixes.source import FunctionNode, Source
from jaxerr_ls.records import Record, split_example
from jaxerr_ls.spans import apply_edits

# How many solutions of the record the preview lists under the diff.
SOLUTIONS_SHOWN = 3


@dataclass(frozen=True, slots=True)
class ShownFix:
    """What ``jaxerr.showFix`` answers: a title and a markdown body with a diff."""

    title: str
    markdown: str


def enclosing_function(source: Source, line: int) -> FunctionNode | None:
    """The innermost function whose lines hold ``line`` (1-based)."""
    found = [f for f in source.functions() if f.lineno <= line <= (f.end_lineno or f.lineno)]
    return max(found, key=lambda f: f.lineno, default=None)


def _first_function(code: str) -> FunctionNode | None:
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError):
        return None
    return next((n for n in tree.body if isinstance(n, FunctionNode)), None)


def _parameters(function: FunctionNode) -> list[str]:
    args = function.args
    return [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]


def _registered_on(function: FunctionNode) -> str | None:
    """``f`` of a ``@f.defjvp`` / ``@f.defvjp``-style decorator."""
    for decorator in function.decorator_list:
        if isinstance(decorator, ast.Attribute) and isinstance(decorator.value, ast.Name):
            return decorator.value.id
    return None


def name_mapping(example: FunctionNode, user: FunctionNode) -> dict[str, str]:
    """The example's names that stand for the user's: the function, its parameters (when
    both take as many), the function a decorator registers it on."""
    mapping = {example.name: user.name}
    ours, theirs = _parameters(example), _parameters(user)
    if len(ours) == len(theirs):
        mapping.update(zip(ours, theirs, strict=True))
    primal, user_primal = _registered_on(example), _registered_on(user)
    if primal is not None and user_primal is not None:
        mapping[primal] = user_primal
    return {old: new for old, new in mapping.items() if old != new}


def _diff(before: str, after: str, label: str = "", context: int = 3) -> str:
    lines = difflib.unified_diff(
        before.splitlines(), after.splitlines(), f"a/{label}", f"b/{label}", "", "", context, ""
    )
    # A file's diff says which file; the example's belongs to no file.
    body = list(lines) if label else list(lines)[2:]
    return "\n".join(body)


def adapted_example(record: Record, user: FunctionNode | None) -> tuple[str, str, bool] | None:
    """The example's before and after code, in the user's names where that is safe, and
    whether it was adapted; None when the record's example has no before/after."""
    if not record.example_fix:
        return None
    before, after = split_example(record.example_fix)
    if not before or after is None:
        return None
    example = _first_function(before)
    if user is None or example is None:
        return before, after, False
    mapping = name_mapping(example, user)
    new_before, new_after = rename(before, mapping), rename(after, mapping)
    if new_before is None or new_after is None or not mapping:
        return before, after, False
    return new_before, new_after, True


def fix_diff(fix: Fix, read: Mapping[Path, str], root: Path | None) -> str | None:
    """A fix computed on the user's code as a diff of each file it edits."""
    parts = []
    for path in dict.fromkeys(edit.path for edit in fix.edits):
        text = read.get(path)
        if text is None:
            return None
        label = str(path.relative_to(root)) if root and path.is_relative_to(root) else path.name
        new = apply_edits(text, [e for e in fix.edits if e.path == path])
        parts.append(_diff(text, new, label))
    return "\n".join(parts)


def show_fix(
    record: Record,
    user: FunctionNode | None,
    unsafe: Sequence[tuple[Fix, str]] = (),
) -> ShownFix:
    """The preview of ``record``'s fix: the fixes computed on the user's code that were not
    applied blindly (each with its diff), then the example in the user's names."""
    code = record.code
    out = [f"### Show the fix for `{code}`", "", record.summary]
    for fix, diff in unsafe:
        out += [
            "",
            f"**{fix.title}**: computed on your code; check it before applying it, it may "
            "change what the code computes:",
            "",
            "```diff",
            diff,
            "```",
        ]
    example = adapted_example(record, user)
    if example is not None:
        before, after, adapted = example
        said = (
            f"The record's example fix, in the names of `{user.name}`:"
            if adapted and user is not None
            else "The record's example fix:"
        )
        # The whole example, as context: it is short, and its def line says what it stands for.
        whole = _diff(before, after, context=len(before.splitlines()) + len(after.splitlines()))
        out += ["", said, "", "```diff", whole, "```"]
    if record.solutions:
        out += ["", "What to change:", ""]
        out += [f"- {solution}" for solution in record.solutions[:SOLUTIONS_SHOWN]]
    return ShownFix(title=f"Show the fix for {code}", markdown="\n".join(out) + "\n")
