"""The definition really at fault when JAX fails far from it: custom rules and hijax methods.

A custom_vjp bwd rule that returns the wrong type fails inside ``jax.grad(...)``, not in the
rule; a hijax primitive's ``vjp_bwd`` fails during transposition. The traceback points at the
call, so the culprit is found in the user's source from what the matched record declares (its
``culprit`` kind) and what its pattern's named groups captured in the message: the primal
function's name and place (``attached to f at model/ops.py:12``), the primitive's class
(``MyPrim.vjp_bwd should return ...``, ``subclass <class 'm.MyPrim'> must implement
`vjp_bwd```), or else the custom_vjp / custom_jvp registrations in the files the traceback
passes through.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from jaxerr_ls import culprit_state
from jaxerr_ls.astindex import nodes_of, own_returns
from jaxerr_ls.locate import ProjectFiles
from jaxerr_ls.records import FALLBACK_KINDS, CulpritKind
from jaxerr_ls.rule_outputs import (
    Change,
    RuleCode,
    captured_output,
    differing_entry,
    entry_change,
    entry_structure_change,
    last_return,
    parse_type,
    returned_entry,
    single_definition,
    tree_items,
)
from jaxerr_ls.spans import Span, ast_span

if TYPE_CHECKING:
    from jaxerr_ls.culprit_flow import Flow
    from jaxerr_ls.culprit_state import Code, Place
    from jaxerr_ls.project import Function, ModuleModel

# A captured primal: "f" or, from custom_vjp's bwd checks, "f at model/ops.py:12".
_PRIMAL_RE = re.compile(r"^\s*([A-Za-z_][\w.<>]*)(?: at (.+?\.py):\d+)?\s*$")
# A captured hijax class: "LogCosh" or "<class 'model.prims.LogCosh'>".
_CLASS_RE = re.compile(r"([A-Za-z_]\w*)'?>?\s*$")
_NAME_RE = re.compile(r"^\s*([A-Za-z_]\w*)\s*$")
_RULE_LABELS = {
    CulpritKind.CUSTOM_VJP_BWD: "custom_vjp bwd rule",
    CulpritKind.CUSTOM_VJP_FWD: "custom_vjp fwd rule",
    CulpritKind.CUSTOM_JVP_RULE: "custom_jvp rule",
}
_TRANSFORM_LABELS = {
    CulpritKind.TRANSFORM_FUNCTION: "the function differentiated, `{}`",
    CulpritKind.TRANSFORM_ARGUMENT: "what `{}` was given to differentiate",
    CulpritKind.TRANSFORM_TANGENT: "the construction of a tangent",
    CulpritKind.TRANSFORM_OPTION: "the option given to `{}`",
    CulpritKind.TRANSFORM_CHOICE: "the configured choice of `{}`",
}


@dataclass(frozen=True, slots=True)
class Culprit:
    """A definition in the user's code that the error is really about."""

    span: Span
    kind: CulpritKind
    name: str
    # The hijax primitive class a method belongs to.
    owner: str | None = None
    # One sentence for the hover: why this is the culprit ("`loss` returns `err ** 2`, ...").
    why: str | None = None

    @property
    def description(self) -> str:
        """What the culprit is, for people: "custom_vjp bwd rule `_f_bwd`"."""
        kind = self.kind
        if kind in _RULE_LABELS:
            return f"{_RULE_LABELS[kind]} `{self.name}`"
        if kind in (CulpritKind.CUSTOM_VJP_FUNCTION, CulpritKind.CUSTOM_JVP_FUNCTION):
            return f"{kind.value.split('.')[0]} function without a rule `{self.name}`"
        if kind == CulpritKind.HIJAX_CLASS:
            return f"hijax primitive class `{self.name}`"
        if kind in _TRANSFORM_LABELS:
            return _TRANSFORM_LABELS[kind].format(self.name)
        if kind in culprit_state.LABELS:
            return culprit_state.LABELS[kind].format(name=self.name)
        return f"`{self.owner}` method `{self.name}`"


@dataclass(frozen=True, slots=True)
class _Rules:
    """A custom_vjp / custom_jvp function and the rules registered on it in one module."""

    primal: str
    primal_line: int
    fwd: str | None
    bwd: str | None
    jvp: str | None


def _parse(files: ProjectFiles, path: Path) -> ast.Module | None:
    def parse(path: Path) -> ast.Module | None:
        lines = files.lines(path)
        if lines is None:
            return None
        try:
            return ast.parse("\n".join(lines))
        except (SyntaxError, ValueError, RecursionError):
            return None

    return files.memo("ast", path, parse)


def _name_of(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _registered_rules(tree: ast.Module | None) -> list[_Rules]:
    """``f.defvjp(fwd, bwd)`` / ``f.defjvp(rule)`` calls and ``@f.defjvp`` decorators."""
    if tree is None:
        return []
    found: dict[str, dict[str, str | int | None]] = {}

    def slot(primal: str, line: int) -> dict[str, str | int | None]:
        return found.setdefault(primal, {"line": line, "fwd": None, "bwd": None, "jvp": None})

    for node in nodes_of(tree, (ast.Call, ast.FunctionDef, ast.AsyncFunctionDef)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            primal = _name_of(node.func.value)
            if primal is None:
                continue
            args = [_name_of(arg) for arg in node.args]
            if node.func.attr == "defvjp" and len(args) >= 2:
                entry = slot(primal, node.lineno)
                entry["fwd"], entry["bwd"] = args[0], args[1]
            elif node.func.attr == "defjvp" and args:
                slot(primal, node.lineno)["jvp"] = args[0]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Attribute) and decorator.attr == "defjvp":
                    primal = _name_of(decorator.value)
                    if primal is not None:
                        slot(primal, node.lineno)["jvp"] = node.name
    rules = []
    for primal, entry in found.items():
        line = entry["line"]
        rules.append(
            _Rules(
                primal=primal,
                primal_line=line if isinstance(line, int) else 0,
                fwd=entry["fwd"] if isinstance(entry["fwd"], str) else None,
                bwd=entry["bwd"] if isinstance(entry["bwd"], str) else None,
                jvp=entry["jvp"] if isinstance(entry["jvp"], str) else None,
            )
        )
    return rules


def _definitions(files: ProjectFiles, path: Path) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function defined in a project file (at any depth), parsed once per run."""

    def collect(path: Path) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
        tree = _parse(files, path)
        if tree is None:
            return []
        return list(nodes_of(tree, (ast.FunctionDef, ast.AsyncFunctionDef)))

    return files.memo("functions", path, collect)


def _def_span(files: ProjectFiles, path: Path, node: ast.AST, name: str) -> Span:
    line = getattr(node, "lineno", 1)
    text = (files.lines(path) or [""])[line - 1] if line >= 1 else ""
    start = text.find(name)
    if start < 0:
        start = len(text) - len(text.lstrip())
    return Span(path, line, start, line, start + len(name))


def _valued_returns(
    files: ProjectFiles, path: Path, function: ast.FunctionDef | ast.AsyncFunctionDef
) -> list[ast.Return]:
    """The function's ``return`` statements that return something and that the project's
    constants leave reachable (``if settings.RECOMPUTE: return y`` with the flag True: only
    that one)."""
    # Imported here: the value flow builds on the project model this module's callers share.
    from jaxerr_ls.culprit_flow import Flow
    from jaxerr_ls.culprit_modes import reachable_returns
    from jaxerr_ls.culprit_state import Code, Place

    returns = [node for node in own_returns(function) if node.value is not None]
    code = Code(files)
    model, same = _modelled(code, path, function)
    if model is None or same is None:
        return returns
    place = Place(path, model, same.node, same.scope)
    reached = reachable_returns(Flow(code), place, same, None)
    lines = {(r.lineno, r.col_offset) for r in reached or ()}
    return [r for r in returns if (r.lineno, r.col_offset) in lines] or returns


def _modelled(
    code: Code, path: Path, function: ast.FunctionDef | ast.AsyncFunctionDef
) -> tuple[ModuleModel | None, Function | None]:
    """The project model of a module and its one function at the ``def`` a parse gave."""
    model = code.model(path)
    same = [
        f
        for f in (model.functions.values() if model is not None else ())
        if f.node.lineno == function.lineno and f.name == function.name
    ]
    return model, same[0] if len(same) == 1 else None


def _last_return_span(
    files: ProjectFiles, path: Path, function: ast.FunctionDef | ast.AsyncFunctionDef
) -> Span | None:
    """The span of the function's last reachable ``return`` that returns something."""
    returns = _valued_returns(files, path, function)
    if not returns:
        return None
    last = max(returns, key=lambda node: (node.lineno, node.col_offset))
    return ast_span(path, last, files.lines(path) or [])


def _rule_culprit(
    files: ProjectFiles,
    path: Path,
    rule: str | ast.FunctionDef | ast.AsyncFunctionDef,
    kind: CulpritKind,
    captures: Mapping[str, str] | None = None,
) -> Culprit | None:
    """A rule (its ``def``, or the first of that name in the file) as culprit: the statement
    its output is wrong at, else its last ``return``."""
    if isinstance(rule, str):
        named = [f for f in _definitions(files, path) if f.name == rule]
        if not named:
            return None
        rule = named[0]
    name = rule.name
    change = _output_change(files, path, rule, kind, captures or {})
    if change is not None:
        return Culprit(change.statement, kind, name, why=change.why)
    span = _last_return_span(files, path, rule)
    why = _return_why(files, path, rule, kind, captures or {})
    return Culprit(span or _def_span(files, path, rule, name), kind, name, why=why)


# What each kind of rule must return, for the sentence saying why its return is the culprit.
_CONTRACTS = {
    CulpritKind.CUSTOM_VJP_FWD: "a pair (output, residuals)",
    CulpritKind.CUSTOM_JVP_RULE: "a pair (primal output, tangent output)",
    CulpritKind.HIJAX_VJP_BWD: "None (the accumulators take the cotangents) or a dict of logs",
    CulpritKind.HIJAX_VJP_BWD_RETVAL: "a tuple of one cotangent per entry of `in_avals`",
    CulpritKind.HIJAX_VJP_FWD: (
        "a pair (output, residuals), the residuals one pytree (`return y, (x, s)`), unless "
        "`vjp_bwd` is overridden to take them structured"
    ),
}
# Longer than this, the returned expression is not quoted in the sentence.
_QUOTED_CHARS = 60


def _return_why(
    files: ProjectFiles,
    path: Path,
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    kind: CulpritKind,
    captures: Mapping[str, str],
) -> str | None:
    """One sentence: what the rule's last return gives and what it must give."""
    returns = _valued_returns(files, path, function)
    if not returns:
        return None
    value = max(returns, key=lambda node: (node.lineno, node.col_offset)).value
    text = ast.unparse(value) if value is not None else ""
    quoted = f"`{text}`" if len(text) <= _QUOTED_CHARS else "a value"
    if kind == CulpritKind.CUSTOM_VJP_BWD and {"got", "expected"} <= captures.keys():
        got, expected = captures["got"].strip(), captures["expected"].strip()
        if got.startswith("PyTreeDef("):
            return (
                f"`{function.name}` returns {quoted}, of structure {got}, where one cotangent "
                f"per differentiable argument of the primal is due: {expected}."
            )
        index = re.search(r"\[\d+\]", captures.get("output", ""))
        at = index[0] if index else ""
        return (
            f"`{function.name}` returns {quoted}: its output{at} has type {got} where the "
            f"primal's argument has type {expected}, and a cotangent must have its input's."
        )
    contract = _CONTRACTS.get(kind)
    is_pair = isinstance(value, ast.Tuple | ast.List) and len(value.elts) == 2
    if contract is None or (is_pair and kind != CulpritKind.HIJAX_VJP_BWD):
        return None  # a pair of the wrong types: the message's types tell, not the contract
    return f"`{function.name}` returns {quoted}, where it must return {contract}."


def _output_change(
    files: ProjectFiles,
    path: Path,
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    kind: CulpritKind,
    captures: Mapping[str, str],
) -> Change | None:
    """Where the message's types prove the rule's wrong output entry is made (the reduction
    that kept its axes, say), when that is certain."""
    if kind == CulpritKind.CUSTOM_VJP_BWD and "output" not in captures:
        lines, tree = files.lines(path), _parse(files, path)
        got_tree, expected_tree = captures.get("got", ""), captures.get("expected", "")
        if lines is None or tree is None or not got_tree.strip().startswith("PyTreeDef("):
            return None
        code = RuleCode(path, "\n".join(lines), tree)
        differing = differing_entry(got_tree, expected_tree)
        if differing is None:
            return None
        index, got_item, expected_item = differing
        made = _made_item(files, path, function, index, got_item, expected_item)
        if made is not None:
            return made
        helper = _entry_helper(files, path, function, index, structure=expected_item)
        if helper is not None:
            # The helper whose value the rule returns for the entry builds it wrong.
            built = entry_structure_change(helper[0], helper[1], None, got_item, expected_item)
            if built is not None:
                return built
        return entry_structure_change(code, function, index, got_item, expected_item)
    if kind == CulpritKind.CUSTOM_VJP_BWD:
        captured = captured_output(captures)
        tangent_of = None
    elif kind == CulpritKind.CUSTOM_JVP_RULE and not captures.keys() - {"got", "expected"}:
        got, expected = (
            parse_type(captures.get("got", "")),
            parse_type(captures.get("expected", "")),
        )
        captured = (1, got, expected) if got is not None and expected is not None else None
        pair = returned_entry(function, 0)
        tangent_of = ast.unparse(pair[1]) if pair is not None else ""
    else:
        return None
    lines, tree = files.lines(path), _parse(files, path)
    if captured is None or lines is None or tree is None:
        return None
    code = RuleCode(path, "\n".join(lines), tree)
    index, got_type, expected_type = captured
    helper = _entry_helper(files, path, function, index)
    if helper is not None:
        # The entry is what a project helper returns: the types prove the change there (its
        # reduction keeps the axes), not at the rule's ``return`` that hands it on.
        built = entry_change(
            helper[0], helper[1], index, got_type, expected_type, tangent_of=tangent_of, helper=True
        )
        if built is not None:
            return built
    unpacked = _unpacked_entry(files, path, function, index)
    if unpacked is not None:
        # One item of the tuple a helper returns, unpacked by the rule (``g_w, g_x =
        # backward(..)``): that item's expression in the helper.
        built = entry_change(
            unpacked[0],
            unpacked[1],
            index,
            got_type,
            expected_type,
            tangent_of=tangent_of,
            returned=unpacked[2],
            helper=True,
        )
        if built is not None:
            return built
    return entry_change(code, function, index, got_type, expected_type, tangent_of=tangent_of)


def _unpacked_entry(
    files: ProjectFiles,
    path: Path,
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    index: int,
) -> tuple[RuleCode, ast.FunctionDef | ast.AsyncFunctionDef, tuple[ast.stmt, ast.expr]] | None:
    """For a rule returning as entry ``index`` a name its tuple target binds (``g_w, g_x =
    backward(..)``), the project helper whose return's item the value flow says it is, with
    that ``return`` and item (the item's name where the helper binds it once): not a helper
    other code relies on (``Flow.relied_on``)."""
    from jaxerr_ls.culprit_flow import Flow, documented
    from jaxerr_ls.culprit_state import Code, Place

    found = returned_entry(function, index)
    if found is None or not isinstance(found[1], ast.Name):
        return None
    if single_definition(function, found[1].id) is not None:
        return None  # ``name = call``: ``_entry_helper``'s
    code = Code(files)
    model, same = _modelled(code, path, function)
    entry = _same_node(same.node, found[1]) if model is not None and same is not None else None
    if model is None or same is None or entry is None:
        return None
    flow = Flow(code)
    made = flow.one_maker(Place(path, model, entry, same.scope))
    if made is None:
        return None
    owner = made.scope.node
    helper = next((f for f in made.model.functions.values() if f.node is owner), None)
    if (
        helper is None
        or helper.node is same.node
        or flow.relied_on(helper, documented(_keeps_axes), failing=(same.node,))
    ):
        return None
    node = helper.node
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    if len([r for r in own_returns(node) if r.value is not None]) != 1:
        return None
    ret = last_return(node)
    if ret is None or not isinstance(ret.value, ast.Tuple):
        return None
    item = next((e for e in ret.value.elts if _makes(e, made.node, node)), None)
    lines = files.lines(made.path)
    if item is None or lines is None:
        return None
    return RuleCode(made.path, "\n".join(lines), made.model.tree), node, (ret, item)


def _makes(item: ast.expr, made: ast.AST, helper: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a returned item is the value made, or a name the helper binds once to it."""
    if item is made:
        return True
    definition = single_definition(helper, item.id) if isinstance(item, ast.Name) else None
    return definition is not None and definition.value is made


def _made_item(
    files: ProjectFiles,
    path: Path,
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    index: int,
    got: str,
    expected: str,
) -> Change | None:
    """Where a project helper builds the display of the wrong structure that the rule returns
    as entry ``index``: the value flow follows the entry (tuple targets, a helper's return)
    and, while both printed structures are lists of like items, the list to its one item (a
    comprehension's element, the one ``append`` of a list built in a loop), down to a dict,
    tuple or list display of the printed wrong kind (``grads.append({"w": .., "b": ..})``
    where the input holds pairs). Not in the rule itself (the rule's own code is read by
    ``entry_structure_change``), nor in a helper other code relies on."""
    from jaxerr_ls.culprit_flow import Flow
    from jaxerr_ls.culprit_state import Code, Place

    found = returned_entry(function, index)
    code = Code(files)
    model, same = _modelled(code, path, function)
    if found is None or model is None or same is None:
        return None
    entry = _same_node(same.node, found[1])
    if entry is None:
        return None
    flow = Flow(code)
    made = flow.one_maker(Place(path, model, entry, same.scope))
    for _ in range(4):
        got_items, expected_items = tree_items(got), tree_items(expected)
        if made is None or got_items is None or expected_items is None:
            return None
        if _display_of(made.node, got) and not _display_of(made.node, expected):
            break
        if not (
            got_items[0] == expected_items[0] == "["
            and len(got_items[1]) == len(expected_items[1])
            and len(set(got_items[1])) == len(set(expected_items[1])) == 1
        ):
            return None
        made = flow.element(made)
        got, expected = got_items[1][0], expected_items[1][0]
    else:
        return None
    assert made is not None
    owner = made.scope.node
    helper = next((f for f in made.model.functions.values() if f.node is owner), None)
    if helper is None or helper.node is same.node or flow.relied_on(helper, failing=(same.node,)):
        return None
    lines = files.lines(made.path)
    if lines is None:
        return None
    helper_code = RuleCode(made.path, "\n".join(lines), made.model.tree)
    text = helper_code.segment(made.node)
    why = (
        f"`{text}` (in `{helper.name}`) builds output[{index}]'s items with structure {got} "
        f"where the input's cotangent must have the input's structure, {expected}."
    )
    return Change(helper_code.span(made.node), why, "", (), safe=False)


def _same_node(tree: ast.AST, node: ast.expr) -> ast.expr | None:
    """The node of ``tree`` at ``node``'s place (of another parse of the same text)."""
    at = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
    found = [
        n
        for n in ast.walk(tree)
        if isinstance(n, type(node))
        and (n.lineno, n.col_offset, n.end_lineno, n.end_col_offset) == at
    ]
    return found[0] if len(found) == 1 else None


def _display_of(node: ast.AST, structure: str) -> bool:
    """Whether ``node`` is a display (or comprehension) of the printed structure's kind."""
    opener = structure.strip()[:1]
    kinds = {"{": (ast.Dict, ast.DictComp), "(": (ast.Tuple,), "[": (ast.List, ast.ListComp)}
    return opener in kinds and isinstance(node, kinds[opener])


def _entry_helper(
    files: ProjectFiles,
    path: Path,
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    index: int,
    structure: str | None = None,
) -> tuple[RuleCode, ast.FunctionDef | ast.AsyncFunctionDef] | None:
    """The project function, with one ``return``, whose call the rule returns as entry
    ``index`` (directly, or through the one assignment of the name it returns): the value
    flow resolves the call (imports, methods, ``functools.partial`` excluded); not a helper
    other code relies on (``Flow.relied_on``: where the entry's ``structure`` is printed
    as due, one that returns a structure the package declares; else one documented to keep
    its axes)."""
    # Imported here: the value flow builds on the project model this module's callers share.
    from jaxerr_ls.culprit_flow import Flow, documented
    from jaxerr_ls.culprit_state import Code, Place

    found = returned_entry(function, index)
    if found is None:
        return None
    value: ast.expr | None = found[1]
    if isinstance(value, ast.Name):
        definition = single_definition(function, value.id)
        value = definition.value if definition is not None else None
    if not isinstance(value, ast.Call):
        return None
    code = Code(files)
    model, same = _modelled(code, path, function)
    if model is None or same is None:
        return None

    def where(node: ast.AST) -> tuple[int | None, ...]:
        return (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]

    at = where(value)
    calls = [n for n in ast.walk(same.node) if isinstance(n, ast.Call) and where(n) == at]
    if len(calls) != 1:
        return None
    flow = Flow(code)
    callees = flow.callees(Place(path, model, calls[0].func, same.scope))
    if len(callees) != 1 or callees[0].partial is not None:
        return None
    helper_function = callees[0].function
    contract = documented(_keeps_axes)
    if structure is not None:
        # A structure the package declares (its NamedTuple) where the primal's argument is a
        # plain container: the declared one is what code relies on, the argument differs.
        # Where the argument is a declared class too, the helper's class disagrees with it.
        plain = "CustomNode(" not in structure
        contract = _declares_structure(code, callees[0].place) if plain else _nothing
    if flow.relied_on(helper_function, contract, failing=(same.node,)):
        # A helper other code relies on (called elsewhere too, or public and documented) is
        # right for it (its kept axis, its tuple): what differs is this rule's use of it,
        # where the change belongs. Not the calls in this rule: they are wrong alike.
        return None
    helper = callees[0].place
    node = helper.node
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node is same.node:
        return None
    if len([r for r in own_returns(node) if r.value is not None]) != 1:
        return None
    lines = files.lines(helper.path)
    if lines is None:
        return None
    return RuleCode(helper.path, "\n".join(lines), helper.model.tree), node


def _nothing(function: Function) -> bool:
    """No contract."""
    return False


def _declares_structure(code: Code, at: Place) -> Callable[[Function], bool]:
    """The structure contract of a function defined at ``at``: every ``return`` builds a
    structure the package declares (its own NamedTuple, a dataclass), which its callers
    rely on."""
    from jaxerr_ls.culprit_leaves import declared_structure

    def contract(function: Function) -> bool:
        values = function.return_values
        places = [
            culprit_state.Place(at.path, at.model, value, function.scope)
            for value in values
            if value is not None
        ]
        return (
            bool(values)
            and len(places) == len(values)
            and all(declared_structure(code, place) for place in places)
        )

    return contract


# A docstring that says a function's result keeps an axis for broadcasting ("kept
# broadcastable against t", "with keepdims").
_KEEPS_AXES = re.compile(r"\bkept\b|\bkeepdims\b|\bkeeps? (the |an |its )?(axis|axes|dim)", re.I)


def _keeps_axes(docstring: str) -> bool:
    return _KEEPS_AXES.search(docstring) is not None


def _classes(
    files: ProjectFiles, traceback_files: list[Path], class_name: str
) -> Iterator[tuple[Path, ast.ClassDef]]:
    """The definitions of a class: in the files the traceback passes through first, then in
    the project's other files that have ``class NAME``."""
    needle = f"class {class_name}"
    paths = [*traceback_files, *files.files_containing(needle)]
    for path in dict.fromkeys(paths):
        lines = files.lines(path)
        if lines is None or not any(needle in line for line in lines):
            continue
        tree = _parse(files, path)
        for node in nodes_of(tree, ast.ClassDef) if tree is not None else ():
            if node.name == class_name:
                yield path, node


def _defining_class_method(
    files: ProjectFiles, traceback_files: list[Path], kind: CulpritKind
) -> Culprit | None:
    """The method of a hijax primitive class a message names no class for: the one hijax
    class of the traceback's modules that defines it, else of the modules beside them that
    mention the method (none where several do)."""
    from jaxerr_ls.culprit_state import Code

    method = kind.value.split(".", 1)[1]
    code = Code(files)
    for paths in (traceback_files, files.files_near(method, traceback_files)):
        names = {
            hijax.node.name
            for _, model in code.models(paths)
            for hijax in model.hijax_classes
            if method in hijax.methods
        }
        if names:
            return (
                _class_method_culprit(files, paths, names.pop(), kind) if len(names) == 1 else None
            )
    return None


def _class_method_culprit(
    files: ProjectFiles, traceback_files: list[Path], class_name: str, kind: CulpritKind
) -> Culprit | None:
    """A method of a hijax primitive class, e.g. the ``vjp_bwd`` that returned a value."""
    # Imported here: the value flow builds on the project model this module's callers share.
    from jaxerr_ls.culprit_flow import Flow
    from jaxerr_ls.culprit_state import Code, Place

    method = kind.value.split(".", 1)[1]
    code = Code(files)
    for path, node in _classes(files, traceback_files, class_name):
        model = code.model(path)
        # The same class in the project model (its own parse of the file).
        same = [c for c in (model.classes if model else ()) if c.lineno == node.lineno]
        if model is None or len(same) != 1:
            continue
        # The method the class runs: its own, or a base's (a mixin in another module).
        flow = Flow(code)
        found = flow.method(Place(path, model, same[0], model.module_scope), method)
        if found is not None:
            # A project decorator may put a function of its own in the method's place.
            found = flow.runs(found)
            if found is None:
                return None
        item = found.place.node if found is not None else None
        if found is not None and isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
            at = found.place.path
            hook = _self_hook(flow, Place(path, model, same[0], model.module_scope), item)
            if hook is not None:
                # The method hands on what another method of the class returns (a hook a
                # subclass overrides): that method's return made the value.
                hook_path, hook_def = hook
                span = _last_return_span(files, hook_path, hook_def)
                if span is not None:
                    handed = f"`{method}` returns what `{hook_def.name}` returns here" + (
                        f", where it must return {_CONTRACTS[kind]}." if kind in _CONTRACTS else "."
                    )
                    return Culprit(span, kind, hook_def.name, owner=class_name, why=handed)
            # What the method returned is what JAX refused: its last return, else its def.
            span = _last_return_span(files, at, item) or _def_span(files, at, item, method)
            why = _return_why(files, at, item, kind, {})
            return Culprit(span, kind, method, owner=class_name, why=why)
    return None


def _self_hook(
    flow: Flow, cls: Place, method: ast.FunctionDef | ast.AsyncFunctionDef
) -> tuple[Path, ast.FunctionDef | ast.AsyncFunctionDef] | None:
    """The method of the class itself (``cls``, a subclass's override first) that ``method``
    returns the result of in every valued ``return`` (``return self.on_backward(x, g)``),
    followed through such hand-ons; None unless there is exactly one."""
    found: tuple[Path, ast.FunctionDef | ast.AsyncFunctionDef] | None = None
    for _ in range(3):
        params = method.args.posonlyargs + method.args.args
        returns = [r.value for r in own_returns(method) if r.value is not None]
        called = {
            value.func.attr
            for value in returns
            if isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and isinstance(value.func.value, ast.Name)
            and params
            and value.func.value.id == params[0].arg
        }
        if not returns or len(called) != 1 or len(returns) != 1:
            return found
        callee = flow.method(cls, called.pop())
        callee = flow.runs(callee) if callee is not None else None
        node = callee.place.node if callee is not None else None
        if callee is None or not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return found
        if _hands_back_argument(node):
            return found  # the value was made where the caller built the argument
        found = callee.place.path, node
        method = node
    return found


def _hands_back_argument(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a function returns one of its parameters as it got it (``return cts``)."""
    args = function.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    return any(
        isinstance(r.value, ast.Name) and r.value.id in params for r in own_returns(function)
    )


def _class_culprit(
    files: ProjectFiles, traceback_files: list[Path], class_name: str
) -> Culprit | None:
    """The definition of a hijax primitive class that lacks a method JAX needs."""
    for path, node in _classes(files, traceback_files, class_name):
        return Culprit(
            _def_span(files, path, node, class_name), CulpritKind.HIJAX_CLASS, class_name
        )
    return None


def _function_culprit(
    files: ProjectFiles, traceback_files: list[Path], name: str, kind: CulpritKind
) -> Culprit | None:
    """The definition of a decorated function that never got its rule."""
    decorator = kind.value.split(".", 1)[0]
    # Only a module whose text defines the name can hold it: the others are not parsed (in a
    # project with hundreds of modules naming the decorator, JAX's own sources among them).
    defines = re.compile(rf"\bdef\s+{re.escape(name)}\s*[\[(]")
    defining = [
        path
        for path in files.files_containing(decorator)
        if defines.search(files.text(path) or "") is not None
    ]
    for path in dict.fromkeys([*traceback_files, *defining]):
        for function in _definitions(files, path):
            if function.name == name:
                return Culprit(_def_span(files, path, function, name), kind, name)
    return None


def _registering_files(files: ProjectFiles, near: list[Path]) -> list[Path]:
    """Project files that register custom rules (``.defvjp`` / ``.defjvp``), those beside the
    traceback's files ``near`` where the project has very many."""
    return list(
        dict.fromkeys([*files.files_near(".defvjp", near), *files.files_near(".defjvp", near)])
    )


def find_culprits(
    kind: CulpritKind | None,
    captures: Mapping[str, str],
    files: ProjectFiles,
    traceback_files: list[Path],
    called_names: set[str],
    frames: Sequence[Span] = (),
    handed: tuple[Sequence[str], str | None, frozenset[str]] | None = None,
) -> list[Culprit]:
    """The culprit definitions of an error whose record names a culprit ``kind``, or else
    (``kind`` None) declares the failing call at fault in the argument ``handed`` names (the
    record's ``apis``, its ``culpritAtCallArgument`` and the words of its message).

    ``captures`` are the named captures of the record's pattern in the message (``primal``,
    ``rule``, ``primitive``); ``traceback_files`` are the project files the traceback passes
    through, innermost first; ``called_names`` are names called on the traceback's source
    lines, which tell several custom_vjp functions in one file apart; ``frames`` are the
    traceback's lines in the project's Python files, innermost first.
    """
    # A comprehension runs in a frame of its own before Python 3.12, on its function's line:
    # one frame per line keeps "the caller is the next frame out" true on every version.
    frames = [f for i, f in enumerate(frames) if i == 0 or _line_of(frames[i - 1]) != _line_of(f)]
    if kind is None:
        at_call = (
            None
            if handed is None
            else culprit_state.handed_argument_culprit(files, frames, *handed)
        )
        return (
            []
            if at_call is None
            else [Culprit(at_call.span, at_call.kind, at_call.name, why=at_call.why)]
        )
    if kind.value.startswith("transform."):
        # Imported here: that module builds on ``Culprit``, defined above.
        from jaxerr_ls.culprit_transforms import transform_culprits

        return transform_culprits(kind, captures, files, frames)
    if kind in culprit_state.OWN_KINDS:
        states = culprit_state.find(kind, captures, files, frames)
        if not states and kind in FALLBACK_KINDS:
            # No jit argument to blame: a Python list the failing line indexes with a tracer,
            # or a size the traced code computes from data.
            # Imported here: those modules build on the value flow, which builds on this one's.
            from jaxerr_ls.culprit_containers import container_culprit
            from jaxerr_ls.culprit_sizes import size_culprit

            fallbacks = {
                CulpritKind.TRACER_PYTHON_CONTAINER: lambda: container_culprit(files, frames),
                CulpritKind.TRACER_DATA_SIZE: lambda: size_culprit(files, captures, frames),
            }
            for fallback in FALLBACK_KINDS[kind]:
                contained = fallbacks[fallback]()
                if contained is not None:
                    states = [contained]
                    break
        return [Culprit(f.span, f.kind, f.name, why=f.why) for f in states]
    found: Culprit | None = None
    if kind == CulpritKind.HIJAX_VJP_BWD_RETVAL:
        found = _defining_class_method(files, traceback_files, kind)
    elif kind in (
        CulpritKind.HIJAX_VJP_BWD,
        CulpritKind.HIJAX_VJP_FWD,
        CulpritKind.HIJAX_TRANSPOSE,
        CulpritKind.HIJAX_CLASS,
    ):
        named = _CLASS_RE.search(captures.get("primitive", ""))
        if named is None:
            return []
        if kind == CulpritKind.HIJAX_CLASS:
            found = _class_culprit(files, traceback_files, named[1])
        else:
            found = _class_method_culprit(files, traceback_files, named[1], kind)
    elif kind in (CulpritKind.CUSTOM_VJP_FUNCTION, CulpritKind.CUSTOM_JVP_FUNCTION):
        primal = _NAME_RE.match(captures.get("primal", ""))
        if primal is not None:
            found = _function_culprit(files, traceback_files, primal[1], kind)
    elif captures.get("rule", _ROLE_OF.get(kind)) == _ROLE_OF.get(kind):
        # A message that names which function broke the contract ("custom_vjp fwd function
        # ...", or the primal function itself) has this kind's rule at fault only if it says so.
        found = _registered_rule_culprit(
            kind, captures, files, traceback_files, called_names, frames
        )
    return [found] if found is not None else []


def _line_of(frame: Span) -> tuple[Path, int]:
    return frame.path, frame.line


def _registered_rule_culprit(
    kind: CulpritKind,
    captures: Mapping[str, str],
    files: ProjectFiles,
    traceback_files: list[Path],
    called_names: set[str],
    frames: Sequence[Span],
) -> Culprit | None:
    """The custom_vjp / custom_jvp rule of the failing function, through its registration."""
    search_paths = list(traceback_files)
    primal_hint: str | None = None
    located: Path | None = None
    primal = _PRIMAL_RE.match(captures.get("primal", ""))
    if primal is not None:
        primal_hint = primal[1].rsplit(".", 1)[-1]
        located = files.resolve(primal[2]) if primal[2] else None
        if located is not None:
            search_paths.insert(0, located)
    followed = _followed_rule_culprit(
        kind,
        captures,
        files,
        [*search_paths, *_registering_files(files, traceback_files)],
        frames,
        primal_hint,
        located,
    )
    if followed is not None:
        return followed
    # The rules usually live in a module the traceback never enters (it shows the call of the
    # primal function, not the rule): the project's other files that register rules come next.
    # There, a rule counts only when the traceback calls its primal function by name: the one
    # rule of an unrelated module is no culprit.
    in_traceback = set(search_paths)
    search_paths.extend(_registering_files(files, traceback_files))
    reached: set[str] | None = None
    for path in dict.fromkeys(search_paths):
        if _parse(files, path) is None:
            continue
        rules = files.memo("rules", path, lambda p: _registered_rules(_parse(files, p)))
        if primal_hint is not None:
            chosen = [r for r in rules if r.primal == primal_hint]
        else:
            chosen = [r for r in rules if r.primal in called_names]
            if not chosen and path in in_traceback:
                chosen = rules
            if not chosen:
                # The primal is called inside the function the failing line hands a
                # transform (``jax.value_and_grad(loss)``), not on the traceback's lines.
                if reached is None:
                    reached = _reached_names(files, frames[:1])
                chosen = [r for r in rules if r.primal in reached]
        if len(chosen) != 1:
            continue
        target = {
            CulpritKind.CUSTOM_VJP_BWD: chosen[0].bwd,
            CulpritKind.CUSTOM_VJP_FWD: chosen[0].fwd,
            CulpritKind.CUSTOM_JVP_RULE: chosen[0].jvp,
        }.get(kind)
        if target is None:
            continue
        found = _rule_culprit(files, path, target, kind, captures)
        if found is not None:
            return found
    return None


# How many calls deep the functions a failing line passes on are searched for names.
_REACH_DEPTH = 4


def _reached_names(files: ProjectFiles, frames: Sequence[Span]) -> set[str]:
    """The names called or handed on in the project functions the frames' lines call or pass
    on (the loss given to ``jax.grad``), and in the functions those reach, a few calls deep."""
    from jaxerr_ls.culprit_state import Code, Place

    code = Code(files)
    names: set[str] = set()
    seen: set[int] = set()
    pending: list[tuple[Place, int]] = []
    for frame in frames:
        for model, call, scope in code.calls_on(frame):
            for expr in (call.func, *call.args):
                pending.append((Place(frame.path, model, expr, scope), 0))
    while pending:
        place, depth = pending.pop()
        made = code.resolve(place)
        node = made.node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or id(node) in seen:
            continue
        seen.add(id(node))
        function = made.model.functions.get(node)
        if function is None:
            continue
        for inner in ast.walk(node):
            if not isinstance(inner, ast.Call):
                continue
            # What it calls, and the functions it hands on (``jax.vmap(soft_max, ...)``).
            for expr in (inner.func, *inner.args):
                name = _name_of(expr)
                if name is not None:
                    names.add(name)
                if depth < _REACH_DEPTH:
                    pending.append((Place(made.path, made.model, expr, function.scope), depth + 1))
    return names


_ROLE_OF = {
    CulpritKind.CUSTOM_VJP_BWD: "bwd",
    CulpritKind.CUSTOM_VJP_FWD: "fwd",
    CulpritKind.CUSTOM_JVP_RULE: "jvp",
}


def _followed_rule_culprit(
    kind: CulpritKind,
    captures: Mapping[str, str],
    files: ProjectFiles,
    paths: list[Path],
    frames: Sequence[Span],
    primal: str | None,
    primal_at: Path | None,
) -> Culprit | None:
    """The rule registered on the failing custom function, both followed through the value
    flow (see ``culprit_rules``), when exactly one registration and rule fit."""
    # Imported here: the value flow builds on the project model this module's callers share.
    from jaxerr_ls import culprit_rules
    from jaxerr_ls.culprit_state import Code

    role = _ROLE_OF.get(kind)
    if role is None:
        return None
    code = Code(files)
    found = culprit_rules.registrations(code, paths)
    # A bwd rule fails in the backward pass: JAX shows where the primal was called in the
    # stack trace "before transformation", which the frames begin with.
    failing = culprit_rules.failing(code, found, frames, primal, primal_at)
    if role == "jvp" and not any(role in r.rules for r in failing):
        role = "jvps"  # ``f.defjvps(rule)``: the rule returns the tangent alone
    fitting = [r for r in failing if role in r.rules]
    rule = fitting[0].rules[role] if len(fitting) == 1 else None
    if rule is None:
        return None
    node = rule.node
    if role == "jvps" and isinstance(node, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef):
        return _tangent_rule_culprit(code, rule.path, node, kind, captures)
    if isinstance(node, ast.Lambda):
        return Culprit(code.span(rule.path, node.body), kind, "lambda")
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    if role == "fwd":
        # A value helper registered where the fwd rule the program wrote belongs.
        swapped = culprit_rules.misregistered_fwd(code, paths, rule)
        if swapped is not None:
            site, written = swapped
            why = (
                f"`{node.name}` is registered as the fwd rule, but returns the output alone; "
                f"`{written}` returns the pair (output, residuals) a fwd rule gives: register it"
            )
            return Culprit(code.span(site.path, site.node), kind, node.name, why=why)
        registered = culprit_rules.relied_on_fwd(code, paths, rule)
        if registered is not None:
            why = (
                f"`{node.name}` is registered as the fwd rule, but returns its own tuple, "
                "which other code relies on; a fwd rule returns the pair (output, residuals): "
                "register a rule that builds that pair from it"
            )
            return Culprit(code.span(registered.path, registered.node), kind, node.name, why=why)
    culprit = _rule_culprit(files, rule.path, node, kind, captures)
    if culprit is None:
        return None
    built = culprit_rules.helper_return(code, rule)
    if built is None or culprit.span != _last_return_span(files, rule.path, node):
        return culprit  # the message's types placed it, or the rule builds its own output
    span, helper = built
    contract = _CONTRACTS.get(kind)
    why = f"`{node.name}` returns what `{helper}` builds here" + (
        f", where it must return {contract}." if contract else "."
    )
    return Culprit(span, kind, node.name, why=why)


def _tangent_rule_culprit(
    code: Code,
    path: Path,
    node: ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef,
    kind: CulpritKind,
    captures: Mapping[str, str],
) -> Culprit | None:
    """A ``defjvps`` rule, which returns the tangent of the output alone: its last ``return``
    (a lambda's body), with the types the message compares."""
    at: ast.AST
    if isinstance(node, ast.Lambda):
        name, shown, at = "the lambda", ast.unparse(node.body), node.body
    else:
        returns = [r for r in own_returns(node) if r.value is not None]
        if not returns:
            return None
        last = max(returns, key=lambda r: (r.lineno, r.col_offset))
        name, shown, at = f"`{node.name}`", ast.unparse(last.value or last), last
    quoted = f"`{shown}`" if len(shown) <= _QUOTED_CHARS else "a value"
    got = captures.get("got", "").strip().rstrip(".")
    expected = captures.get("expected", "").strip().rstrip(".")
    why = f"The tangent rule given to `defjvps`, {name}, returns {quoted}" + (
        f", of type {got}, where the output's tangent is {expected}." if got and expected else "."
    )
    label = "lambda" if isinstance(node, ast.Lambda) else node.name
    return Culprit(code.span(path, at), kind, label, why=why)
