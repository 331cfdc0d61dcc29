"""Which JAX autodiff API is under the cursor: resolved with jedi, or from the source alone."""

# parso's tree methods carry no annotations, and this module walks the tree on every hover.
# mypy: disable-error-code="no-untyped-call"

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

import parso
from parso.python import tree
from parso.tree import NodeOrLeaf

from jaxerr_ls.apidocs import ApiDoc, ApiDocs

if TYPE_CHECKING:
    # jedi is imported on the first hover that needs it, not when the server starts.
    import jedi
    from jedi.api.environment import Environment

# What a call returns, for the calls whose results users reach into: the second item of
# `jax.vjp(...)` is the VJP object, whose `with_refs` is documented.
CALL_RESULT_ITEMS: dict[tuple[str, int], str] = {("jax.vjp", 1): "jax._src.api.VJP"}
PARTIAL = "functools.partial"
# Decorators and subclassing are followed this deep; deeper chains are not worth the time.
MAX_DEPTH = 12


@dataclass(frozen=True, slots=True)
class ApiHit:
    """The API doc for the name under the cursor, and where that name is (0-based, one line)."""

    doc: ApiDoc
    line: int
    start: int
    end: int
    resolved_by: Literal["jedi", "syntax"]


# jedi is not thread-safe, and its caches are shared by every Script.
_JEDI_LOCK = threading.Lock()


@lru_cache(maxsize=16)
def _project(
    root: str, environment: Environment | None, site_packages: tuple[str, ...]
) -> jedi.Project:
    import jedi

    if not site_packages:
        return jedi.Project(root)
    # The workspace's packages first, then the interpreter's own paths. jedi loads compiled
    # modules only from the interpreter's own paths, so these folders are parsed, never run.
    own = environment.get_sys_path() if environment is not None else sys.path
    return jedi.Project(root, sys_path=[*site_packages, *(p for p in own if p)])


def _project_for(
    path: str | None,
    project_root: str | None,
    environment: Environment | None,
    site_packages: tuple[str, ...],
) -> jedi.Project:
    if project_root is not None:
        return _project(os.path.abspath(project_root), environment, site_packages)
    import jedi

    folder = os.path.dirname(os.path.abspath(path)) if path else os.getcwd()
    return _project(str(jedi.get_default_project(folder).path), environment, site_packages)


@lru_cache(maxsize=8)
def _parse(source: str) -> tree.Module:
    module: tree.Module = parso.parse(source, error_recovery=True)
    return module


def _name_at(module: tree.Module, line: int, column: int) -> tree.Name | None:
    """The name at a 0-based position; a cursor just after a name counts as on it."""
    try:
        # parso gives the leaf that ends at the position when one starts there too.
        leaf = module.get_leaf_for_position((line + 1, column))
    except ValueError:
        return None
    if leaf is None:
        return None
    near = [leaf, leaf.get_next_leaf(), leaf.get_previous_leaf()]
    names = [n for n in near if isinstance(n, tree.Name) and n.start_pos[0] == line + 1]
    for name in names:
        if name.start_pos[1] <= column < name.end_pos[1]:
            return name
    return next((name for name in names if name.end_pos[1] == column), None)


def api_at(
    source: str,
    line: int,
    column: int,
    *,
    path: str | None,
    docs: ApiDocs,
    environment: Environment | None = None,
    project_root: str | None = None,
    site_packages: tuple[str, ...] = (),
) -> ApiHit | None:
    """The documented JAX API whose name is at (line, column), both 0-based in code points.

    jedi resolves the name first (imports, aliases, assignments, return types), in the
    environment given, which need not have JAX installed, searching ``site_packages`` (read as
    source) first. When jedi finds no documented API,
    the source alone is read: import aliases, attribute chains, decorators, `jax.vjp` results
    and subclass bases are followed by name.
    """
    module = _parse(source)
    name = _name_at(module, line, column)
    if name is None or name.value in ("self", "cls"):
        return None
    resolver = _SourceResolver(module, docs)
    if resolver.is_undocumented_jax_name(name):
        return None  # `jnp.mean`, `jax.random.normal`: jedi would only spend time to agree
    doc: ApiDoc | None = None
    resolved_by: Literal["jedi", "syntax"] = "jedi"
    try:
        with _JEDI_LOCK:
            doc = _resolve_with_jedi(
                source,
                name,
                path,
                docs,
                environment,
                project_root,
                site_packages,
                worth_inferring=resolver.may_be_bound_to_an_api(name),
            )
    except Exception:  # jedi can fail on code it does not understand; the fallback still works
        doc = None
    if doc is None:
        doc = resolver.api_for(name)
        resolved_by = "syntax"
    if doc is None:
        return None
    return ApiHit(doc, line, name.start_pos[1], name.end_pos[1], resolved_by)


def _resolve_with_jedi(
    source: str,
    name: tree.Name,
    path: str | None,
    docs: ApiDocs,
    environment: Environment | None,
    project_root: str | None,
    site_packages: tuple[str, ...],
    *,
    worth_inferring: bool,
) -> ApiDoc | None:
    script = _script(source, path, environment, project_root, site_packages)
    row, col = name.start_pos
    # goto first: it names the definition itself (`jax.checkpoint_policies`, a base method for
    # an override), where infer may give the type of an object (a SimpleNamespace's class).
    for definition in script.goto(row, col, follow_imports=True):
        doc = _doc_for(definition.full_name, docs)
        if doc is not None:
            return doc
    for definition in script.infer(row, col) if worth_inferring else ():
        # An instance (a custom_vjp-decorated function, a jitted function) is not the API.
        if definition.type == "instance":
            continue
        doc = _doc_for(definition.full_name, docs)
        if doc is not None:
            return doc
    method = _overriding_method(name)
    if method is not None:
        for base in _class_bases(method):
            base_row, base_col = base.get_last_leaf().start_pos
            for definition in script.infer(base_row, base_col):
                if definition.full_name:
                    doc = _doc_for(f"{definition.full_name}.{name.value}", docs)
                    if doc is not None:
                        return doc
    return None


# Hovers come in runs over an unchanged document; one Script keeps jedi's inference state (what
# `jax` and its submodules contain) between them, which makes a repeated hover several times
# faster. Any edit makes a new Script.
_ScriptKey = tuple[str, str | None, "Environment | None", str | None, tuple[str, ...]]
_SCRIPTS: dict[_ScriptKey, jedi.Script] = {}
_SCRIPTS_KEPT = 4


def _script(
    source: str,
    path: str | None,
    environment: Environment | None,
    project_root: str | None,
    site_packages: tuple[str, ...],
) -> jedi.Script:
    key = (source, path, environment, project_root, site_packages)
    script = _SCRIPTS.pop(key, None)
    if script is None:
        import jedi

        project = _project_for(path, project_root, environment, site_packages)
        script = jedi.Script(source, path=path, environment=environment, project=project)
    _SCRIPTS[key] = script  # most recently used last
    while len(_SCRIPTS) > _SCRIPTS_KEPT:
        del _SCRIPTS[next(iter(_SCRIPTS))]
    return script


def _doc_for(full_name: str | None, docs: ApiDocs) -> ApiDoc | None:
    return None if not full_name else docs.by_name(full_name)


def _overriding_method(name: tree.Name) -> tree.Class | None:
    """The class whose method `name` defines (`def vjp_bwd` in a class body), if it is one."""
    funcdef = name.parent
    if not isinstance(funcdef, tree.Function) or funcdef.name is not name:
        return None
    scope = funcdef.parent
    if scope is not None and scope.type == "suite":
        scope = scope.parent
    return scope if isinstance(scope, tree.Class) else None


def _class_bases(classdef: tree.Class) -> Iterator[NodeOrLeaf]:
    """The base class expressions of a class statement (keyword arguments left out)."""
    arglist = classdef.get_super_arglist()
    if arglist is None:
        return
    items = arglist.children if arglist.type == "arglist" else [arglist]
    for item in items:
        if item.type == "operator" or (item.type == "argument" and len(item.children) != 1):
            continue
        yield item


@dataclass(frozen=True, slots=True)
class _Value:
    """What an expression is, as far as the source says: `path` is a dotted name.

    `instance` means an object made by calling `path` (a custom_vjp-decorated function is an
    instance of jax.custom_vjp); `partial_of` means functools.partial(path, ...); `result_of`
    means the return value of calling `path`; `local_class` is a class defined in this file.
    """

    path: str | None = None
    instance: bool = False
    partial_of: bool = False
    result_of: bool = False
    local_class: tree.Class | None = None


class _SourceResolver:
    """Resolves names by reading one module's source: no imports, no environment."""

    def __init__(self, module: tree.Module, docs: ApiDocs) -> None:
        self.module = module
        self.docs = docs
        self.used_names = module.get_used_names()

    def api_for(self, name: tree.Name) -> ApiDoc | None:
        classdef = _overriding_method(name)
        if classdef is not None:
            for base_path in self._base_paths(classdef, 0):
                doc = self.docs.by_name(f"{base_path}.{name.value}")
                if doc is not None:
                    return doc
            return None
        value = self._value_of_name_in_place(name)
        if value is None or value.path is None or value.instance or value.partial_of:
            return None
        if value.result_of or value.local_class is not None:
            return None
        return self.docs.by_name(value.path)

    def is_undocumented_jax_name(self, name: tree.Name) -> bool:
        """Whether the source alone shows `name` is a JAX object that no doc covers.

        Only a name reached from a `jax` import through attributes counts: `jnp.mean` is
        `jax.numpy.mean`, and no doc is at or below that path. Anything else (a local object, a
        call's result, another package's re-export) is left to jedi.
        """
        if _overriding_method(name) is not None:
            return False
        value = self._value_of_name_in_place(name)
        if value is None or value.path is None or value.local_class is not None:
            return False
        if value.instance or value.result_of or value.partial_of:
            return False
        path = value.path
        if path != "jax" and not path.startswith("jax."):
            return False
        return self.docs.by_name(path) is None and not self.docs.has_names_under(path)

    def may_be_bound_to_an_api(self, name: tree.Name) -> bool:
        """Whether inferring `name`'s value could find an API that goto does not.

        Inferring a parameter, a tuple-unpacked name or a call's result makes jedi work out
        array types through JAX's sources (seconds, cold), and none of them is an API object
        (`jax.vjp`'s VJP object is recognised by the source reading). An alias assignment
        (`grad_fn = jax.grad`) and anything the source does not show are inferred.
        """
        if name.parent is not None and name.parent.type == "trailer":
            return True
        definition = self._binding(name)
        if definition is None:
            return True
        binder = definition.get_definition(import_name_always=True)
        if isinstance(binder, tree.Param) or binder is None:
            return False
        if isinstance(binder, tree.ExprStmt):
            children = binder.children
            if len(children) < 3 or children[-2] != "=":
                return False
            target_is_name = any(child is definition for child in children[:-2])
            return target_is_name and not _is_call(children[-1])
        return not isinstance(binder, tree.ForStmt | tree.WithStmt | tree.SyncCompFor)

    def _base_paths(self, classdef: tree.Class, depth: int) -> Iterator[str]:
        if depth > MAX_DEPTH:
            return
        for base in _class_bases(classdef):
            value = self._value(base, depth + 1)
            if value is None:
                continue
            if value.local_class is not None:
                yield from self._base_paths(value.local_class, depth + 1)
            elif value.path is not None and not (value.instance or value.result_of):
                yield value.path

    def _value_of_name_in_place(self, name: tree.Name) -> _Value | None:
        """The value of the expression that ends at `name`: `j.value_and_grad` for its last part."""
        parent = name.parent
        if parent is not None and parent.type == "trailer":
            expr = parent.parent
            assert expr is not None
            children = expr.children
            end = children.index(parent)
            # The trailers run back to the base; in an error node (code being typed) the
            # expression's parts are loose children among others.
            start = end
            while start > 0 and children[start - 1].type == "trailer":
                start -= 1
            if start == 0:
                return None
            return self._chain(children[start - 1], children[start : end + 1], 0)
        if parent is not None and parent.type == "dotted_name":
            parts = parent.children
            return self._chain(parts[0], _dotted_trailers(parts, name), 0)
        if parent is not None and parent.type in ("import_from", "import_as_name"):
            return self._imported_original(name)
        return self._value(name, 0)

    def _imported_original(self, name: tree.Name) -> _Value | None:
        """`grad` in `from jax import grad as g`: the imported object, by its original name."""
        node = name.parent
        while node is not None and node.type != "import_from":
            node = node.parent
        if not isinstance(node, tree.ImportFrom) or node.level:
            return None
        for original, alias in node._as_name_tuples():
            if name in (original, alias):
                path = [part.value for part in node.get_from_names()] + [original.value]
                return _Value(path=".".join(path))
        from_names = node.get_from_names()
        if name in from_names:
            return _Value(path=".".join(p.value for p in from_names[: from_names.index(name) + 1]))
        return None

    def _chain(self, base: NodeOrLeaf, trailers: Iterable[NodeOrLeaf], depth: int) -> _Value | None:
        value = self._value(base, depth + 1)
        for trailer in trailers:
            if value is None:
                return None
            value = self._apply_trailer(value, trailer, depth + 1)
        return value

    def _apply_trailer(self, value: _Value, trailer: NodeOrLeaf, depth: int) -> _Value | None:
        if trailer.type == "name":  # a part of a dotted_name
            assert isinstance(trailer, tree.Name)
            return _attribute(value, trailer.value)
        if not isinstance(trailer, tree.PythonNode) or trailer.type != "trailer":
            return None
        opening = trailer.children[0]
        if opening == ".":
            last = trailer.children[1]
            return _attribute(value, last.value) if isinstance(last, tree.Name) else None
        if opening == "(":
            return self._call(value, trailer.children[1:-1], depth)
        if opening == "[":
            index = trailer.children[1]
            if value.result_of and value.path and index.type == "number":
                return _result_item(value.path, _int(index))
        return None

    def _call(self, callee: _Value, arguments: list[NodeOrLeaf], depth: int) -> _Value | None:
        if callee.path is None:
            return None
        if callee.partial_of:
            return self._call(_Value(path=callee.path), [], depth)
        if callee.path == PARTIAL and not callee.instance and not callee.result_of:
            first = _first_argument(arguments)
            wrapped = None if first is None else self._value(first, depth + 1)
            if wrapped is None or wrapped.path is None or wrapped.instance:
                return None
            return _Value(path=wrapped.path, partial_of=True)
        if callee.instance or callee.result_of:
            return None
        doc = self.docs.by_name(callee.path)
        if doc is not None and doc.kind in ("class", "decorator"):
            return _Value(path=doc.name, instance=True)
        if doc is not None:
            return _Value(path=doc.name, result_of=True)
        return _Value(path=callee.path, result_of=True)

    def _value(self, node: NodeOrLeaf, depth: int) -> _Value | None:
        if depth > MAX_DEPTH:
            return None
        if isinstance(node, tree.Name):
            return self._value_of_bare_name(node, depth)
        if node.type in ("atom_expr", "power") and isinstance(node, tree.PythonNode):
            children = node.children
            if children[0] == "await" or (node.type == "power" and "**" in children):
                return None
            return self._chain(children[0], children[1:], depth)
        if node.type == "dotted_name" and isinstance(node, tree.PythonNode):
            return self._chain(node.children[0], node.children[1:], depth)
        if (
            node.type == "atom"
            and isinstance(node, tree.PythonNode)
            and node.children[0] == "("
            and len(node.children) == 3
        ):
            return self._value(node.children[1], depth + 1)
        return None

    def _value_of_bare_name(self, name: tree.Name, depth: int) -> _Value | None:
        definition = self._binding(name)
        if definition is None:
            return None
        binder = definition.get_definition(import_name_always=True)
        if isinstance(binder, tree.ImportFrom | tree.ImportName):
            if isinstance(binder, tree.ImportFrom) and binder.level:
                return None
            return _Value(
                path=".".join(part.value for part in binder.get_path_for_name(definition))
            )
        if isinstance(binder, tree.Class):
            return _Value(local_class=binder)
        if isinstance(binder, tree.Function):
            return self._decorated(binder, depth)
        if isinstance(binder, tree.ExprStmt):
            return self._assigned(binder, definition, depth)
        return None

    def _binding(self, name: tree.Name) -> tree.Name | None:
        """The definition `name` refers to: the last one before it, else the first after it."""
        if name.is_definition(include_setitem=False):
            return name
        candidates = [
            other
            for other in self.used_names.get(name.value, [])
            if other.is_definition(include_setitem=False)
        ]
        before = [other for other in candidates if other.start_pos < name.start_pos]
        found: tree.Name | None = before[-1] if before else next(iter(candidates), None)
        return found

    def _decorated(self, funcdef: tree.Function, depth: int) -> _Value | None:
        """A decorated function's value: `@jax.custom_vjp` makes it a custom_vjp instance."""
        value: _Value | None = None
        for decorator in reversed(funcdef.get_decorators()):
            applied = self._value(decorator.children[1], depth + 1)
            if applied is None:
                return None
            value = self._call(applied, [], depth + 1)
            if value is None:
                return None
        return value

    def _assigned(self, stmt: tree.ExprStmt, name: tree.Name, depth: int) -> _Value | None:
        children = stmt.children
        if len(children) < 3 or children[-2] != "=":
            return None
        rhs = children[-1]
        target = next(
            (child for child in children[:-2] if child.start_pos <= name.start_pos < child.end_pos),
            None,
        )
        if target is None:
            return None
        if target is name:
            return self._value(rhs, depth + 1)
        elements = _tuple_elements(target)
        if name not in elements:
            return None
        value = self._value(rhs, depth + 1)
        if value is None or not value.result_of or value.path is None:
            return None
        return _result_item(value.path, elements.index(name))


def _is_call(node: NodeOrLeaf) -> bool:
    """Whether an expression's value is what a call returns: `f(x)`, `jax.vjp(f, x)[1]`."""
    if node.type not in ("atom_expr", "power") or not isinstance(node, tree.PythonNode):
        return False
    return any(
        child.type == "trailer" and child.children[0] in ("(", "[")
        for child in node.children[1:]
        if isinstance(child, tree.PythonNode)
    )


def _attribute(value: _Value, attribute: str) -> _Value | None:
    if value.path is None or value.result_of or value.partial_of:
        return None
    # An attribute of an instance is looked up on its class, as Python does for methods.
    return _Value(path=f"{value.path}.{attribute}")


def _result_item(callee: str, index: int | None) -> _Value | None:
    if index is None:
        return None
    item_type = CALL_RESULT_ITEMS.get((callee, index))
    return None if item_type is None else _Value(path=item_type, instance=True)


def _first_argument(arguments: list[NodeOrLeaf]) -> NodeOrLeaf | None:
    if not arguments:
        return None
    node = arguments[0]
    if node.type == "arglist" and isinstance(node, tree.PythonNode):
        node = node.children[0]
    if node.type == "argument":
        return None  # a keyword argument or *args: not the wrapped function
    return node


def _tuple_elements(target: NodeOrLeaf) -> list[NodeOrLeaf]:
    """The names a tuple target binds, in order: `a, b` and `(a, b)` give [a, b]."""
    node = target
    if node.type == "atom" and isinstance(node, tree.PythonNode) and len(node.children) == 3:
        node = node.children[1]
    if node.type in ("testlist_star_expr", "exprlist", "testlist_comp") and isinstance(
        node, tree.PythonNode
    ):
        return [child for child in node.children if child != ","]
    return []


def _dotted_trailers(parts: list[NodeOrLeaf], last: tree.Name) -> list[NodeOrLeaf]:
    """The names after the first in a dotted_name, up to and including `last`."""
    names: list[NodeOrLeaf] = [part for part in parts if isinstance(part, tree.Name)]
    return names[1 : names.index(last) + 1]


def _int(leaf: NodeOrLeaf) -> int | None:
    try:
        return int(getattr(leaf, "value", ""))
    except ValueError:
        return None
