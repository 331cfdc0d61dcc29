"""has_aux=True given one value where the function's neighbours say what its aux is.

The culprit is a return of a single value in a function whose contract is the pair
(output, aux): a registry's other entries return the pair, or the caller unpacks it. The aux
the return leaves out is taken only where the program says what it is:

- the registry's other entries (values of the same dict display, or functions registered by
  the same decorator call) all return ``output, AUX`` with the same ``AUX``, and every name
  ``AUX`` reads the entry binds as they do (a parameter or local of theirs is one of its own,
  bound before the return; a module name is not rebound): that ``AUX`` (``jnp.mean(rec)`` read
  from the entry's own ``rec``);
- else the entry computes exactly one local it never reads (``snr_db = ...``) and the others'
  aux are dict displays: ``{"snr_db": snr_db}``.

The edit is ``return value, AUX`` (a lambda's body parenthesized). Unsafe: the aux is a guess
from the neighbours, checked by name only.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from jaxerr_ls.astindex import own_nodes, own_returns
from jaxerr_ls.fixes.model import Fix, FixTarget, ReadSource
from jaxerr_ls.fixes.source import Source
from jaxerr_ls.fixes.transform_calls import located, unsafe_fix
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Edit, Span

Entry = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
_SCOPES = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Lambda,
    ast.ClassDef,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)


def registry_aux_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION))
    if len(found) != 1:
        return []
    source, node, culprit = found[0]
    entry, value = _entry_of(source, node)
    if entry is None or value is None or isinstance(value, ast.Tuple):
        return []
    siblings = list(_siblings(source, entry))
    each = [_pair_auxes(other) for other in siblings]
    if not siblings or not all(each):
        return []
    auxes = [aux for found in each for aux in found]
    aux = _shared_aux(source, entry, siblings, node)
    if aux is None and all(isinstance(a, ast.Dict) for a in auxes):
        unread = _unread_local(entry)
        aux = f'{{"{unread}": {unread}}}' if unread is not None else None
    if aux is None:
        return []
    paired = f"{source.segment(value)}, {aux}"
    if isinstance(entry, ast.Lambda):
        paired = f"({paired})"
    title = f"Return (output, aux) from `{culprit.name}` as its registry's other entries do: "
    return unsafe_fix(target, title + paired, (source.replace(value, paired),))


def _entry_of(source: Source, node: ast.AST) -> tuple[Entry | None, ast.expr | None]:
    """The function a culprit return is in, and the value it returns (a lambda's body)."""
    for function in ast.walk(source.tree):
        if isinstance(function, ast.Lambda) and node in (function, function.body):
            return function, function.body
        if (
            isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
            and isinstance(node, ast.Return)
            and node in own_returns(function)
        ):
            return function, node.value
    return None, None


def _siblings(source: Source, entry: Entry) -> Iterator[Entry]:
    """The other entries of the one registry ``entry`` is in: the other values of a dict
    display that holds it (the functions of the module by name, or lambdas), else the other
    functions of the module registered by the same decorator call."""
    defs = {
        f.name: f for f in source.tree.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    for display in ast.walk(source.tree):
        if not isinstance(display, ast.Dict):
            continue
        made = [
            v if isinstance(v, ast.Lambda) else defs.get(v.id) if isinstance(v, ast.Name) else None
            for v in display.values
        ]
        if sum(m is entry for m in made) != 1:
            continue
        if any(m is None for m in made):
            return
        yield from (m for m in made if m is not None and m is not entry)
        return
    if isinstance(entry, ast.Lambda):
        return
    calls = [d for d in entry.decorator_list if isinstance(d, ast.Call)]
    if len(calls) != 1:
        return
    registering = ast.dump(calls[0].func)
    for other in defs.values():
        if other is not entry and any(
            isinstance(d, ast.Call) and ast.dump(d.func) == registering
            for d in other.decorator_list
        ):
            yield other


def _pair_auxes(entry: Entry) -> list[ast.expr]:
    """The aux of each value the function returns, where each is a pair display; else []."""
    values = (
        [entry.body] if isinstance(entry, ast.Lambda) else [r.value for r in own_returns(entry)]
    )
    pairs = [v for v in values if isinstance(v, ast.Tuple) and len(v.elts) == 2]
    if not values or len(pairs) != len(values):
        return []
    auxes = [p.elts[1] for p in pairs]
    return [] if any(isinstance(a, ast.Starred) for a in auxes) else auxes


def _locals(entry: Entry, before: int | None = None) -> set[str]:
    """The parameters of a function and the names its own body stores (before a line)."""
    arguments = entry.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    names = {a.arg for a in every}
    if isinstance(entry, ast.Lambda):
        return names
    for node in own_nodes(entry):
        if (
            isinstance(node, ast.Name)
            and not isinstance(node.ctx, ast.Load)
            and (before is None or node.lineno < before)
        ):
            names.add(node.id)
    return names


def _read_names(node: ast.expr) -> list[str] | None:
    """The names an expression reads, None when it holds a scope of its own (a lambda, a
    comprehension) whose names are not all the function's."""
    names = []
    for child in ast.walk(node):
        if isinstance(child, _SCOPES):
            return None
        if isinstance(child, ast.Name):
            names.append(child.id)
    return names


def _shared_aux(source: Source, entry: Entry, siblings: list[Entry], node: ast.AST) -> str | None:
    """The aux every sibling returns, written the same way, when the entry binds each name it
    reads as they do."""
    auxes = [aux for other in siblings for aux in _pair_auxes(other)]
    if len({ast.dump(aux) for aux in auxes}) != 1:
        return None
    line = getattr(node, "lineno", None)
    own = _locals(entry, line)
    stored_anywhere = _locals(entry)
    for other in siblings:
        theirs = _locals(other)
        for aux in _pair_auxes(other):
            names = _read_names(aux)
            if names is None:
                return None
            for name in names:
                if name in theirs and name not in own:
                    return None
                if name not in theirs and name in stored_anywhere:
                    return None  # a module name the entry rebinds
    return source.segment(auxes[0])


def _unread_local(entry: Entry) -> str | None:
    """The one name the function binds once by a plain assignment and never reads."""
    if isinstance(entry, ast.Lambda):
        return None
    names = [n for n in own_nodes(entry) if isinstance(n, ast.Name)]
    loads = {n.id for n in names if isinstance(n.ctx, ast.Load)}
    stores = [n.id for n in names if not isinstance(n.ctx, ast.Load)]
    assigned = [
        s.targets[0].id
        for s in own_nodes(entry)
        if isinstance(s, ast.Assign)
        and len(s.targets) == 1
        and isinstance(s.targets[0], ast.Name)
        and not s.targets[0].id.startswith("_")
    ]
    unread = [n for n in assigned if n not in loads and stores.count(n) == 1]
    return unread[0] if len(unread) == 1 else None


# The culprits of a pair given where has_aux=True is wanted, or nested in another pair (the
# why each says, as ``culprit_transforms`` writes it).
_PAIRING_DECORATOR = re.compile(r"^`@(.+?)` makes `\w+` return `")
_DECORATED_TWICE = re.compile(r"is already decorated with `@(.+?)`; applying it again here")
_FLAG_SET_FALSE = re.compile(r"needs has_aux=True, which is set to `False` here$")


def nested_pair_fixes(target: FixTarget, read: ReadSource) -> list[Fix]:
    """A function's own (output, aux) given to a transform as its output:

    - a decorator whose wrapper pairs the function's pair with its own value (a timing): the
      decorator's line deleted (and its import, where nothing else reads it);
    - the decorator applied again to a function it already decorates (``with_metrics(loss)``):
      the call replaced by its argument;
    - has_aux read from a setting whose value is ``False``: ``True`` there.
    """
    found = list(located(read, target.culprits, CulpritKind.TRANSFORM_FUNCTION))
    if len(found) != 1:
        return []
    source, node, culprit = found[0]
    why = culprit.why or ""
    if _PAIRING_DECORATOR.search(why):
        edits = _without_decorator(source, node)
        title = f"Remove `@{source.segment(node)}` from `{culprit.name}`, which returns a pair"
    elif _DECORATED_TWICE.search(why) and isinstance(node, ast.Call) and len(node.args) == 1:
        inner = source.segment(node.args[0])
        edits = [source.replace(node, inner), *_unused_import(source, node.func, node)]
        title = f"Apply `{source.segment(node.func)}` once: `{inner}` is already decorated with it"
    elif _FLAG_SET_FALSE.search(why) and isinstance(node, ast.Constant) and node.value is False:
        edits = [source.replace(node, "True")]
        title = f"Set has_aux to True here: `{culprit.name}` returns (output, aux)"
    else:
        return []
    return unsafe_fix(target, title, tuple(edits)) if edits else []


def _without_decorator(source: Source, node: ast.AST) -> list[Edit]:
    """The lines of one decorator, where they hold it alone, deleted (and its import)."""
    for function in ast.walk(source.tree):
        decorators = getattr(function, "decorator_list", None)
        if not decorators or not any(d is node for d in decorators):
            continue
        assert isinstance(node, ast.expr)
        span = source.span(node)
        before = source.line_text(span.line)[: span.col]
        if before.strip() != "@" or source.line_text(span.end_line)[span.end_col :].strip():
            return []
        deleted = Edit(Span(source.path, span.line, 0, span.end_line + 1, 0), "")
        named = node.func if isinstance(node, ast.Call) else node
        return [deleted, *_unused_import(source, named, node)]
    return []


def _unused_import(source: Source, name: ast.expr, used: ast.AST) -> list[Edit]:
    """The deletion of ``from m import name``, its own statement, where the module reads the
    name nowhere else than in ``used``."""
    if not isinstance(name, ast.Name):
        return []
    inside = {id(n) for n in ast.walk(used)}
    others = [
        n
        for n in ast.walk(source.tree)
        if isinstance(n, ast.Name) and n.id == name.id and id(n) not in inside
    ]
    imports = [
        s
        for s in source.tree.body
        if isinstance(s, ast.ImportFrom)
        and len(s.names) == 1
        and (s.names[0].asname or s.names[0].name) == name.id
    ]
    if others or len(imports) != 1 or not source.owns_its_lines(imports[0]):
        return []
    return [source.delete_lines(imports[0])]
