"""Where a traced field of a pytree became a leaf (its registration, the jit); its children.

The children a class's pytree registration flattens (``flattened_children``) serve the dtype
and transform readers.

JAX names a traced argument's path (``cfg.boundary``, ``model.dropout.rate``) when a Python
value was needed; the change belongs where that field was made a leaf: the ``data_fields``
entry of ``jax.tree_util.register_dataclass``, the field declared without the project's
``field(static=True)``, or, for a ``NamedTuple`` whose field holds a Python value, the one
``jax.jit`` that traces the whole argument. The field's class is found from the parameter's
annotation or default, the values the traceback's calls pass, or else the one project class
with the whole chain of fields; where any step leaves doubt, nothing is found.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from jaxerr_ls.culprit_state import Code, Place
from jaxerr_ls.project import Function, class_fields
from jaxerr_ls.spans import Span

# Annotations of fields that hold Python values (a leaf of them is traced by jit).
_PYTHON_TYPES = frozenset({"bool", "int", "str"})
_NAMED_TUPLES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})
_REGISTER = "jax.tree_util.register_dataclass"
# Decorators that declare a class's fields as its structure.
_STRUCTURE_DECORATORS = frozenset(
    {
        "dataclasses.dataclass",
        "flax.struct.dataclass",
        "chex.dataclass",
        _REGISTER,
        "jax.tree_util.register_pytree_node_class",
    }
)
# Keywords of the ``field(...)`` calls that keep a field out of the pytree's leaves.
_STATIC_KEYWORDS = (("static", True), ("pytree_node", False))


@dataclass(frozen=True, slots=True)
class LeafField:
    """The declaration that makes a traced field a leaf, and what it is."""

    span: Span
    # "registration" (a data_fields entry), "declaration" (a field not declared static),
    # "children" (an entry of a registered class's flatten children), or "named_tuple" (the
    # whole argument is traced: blame the jit).
    how: str
    class_name: str
    # The field's attribute name (where the traced path gives a child's position, ``[1]``).
    attribute: str = ""


def class_place(code: Code, place: Place) -> Place | None:
    """The class an expression constructs (``Config(...)``) or names, followed through names."""
    found = code.resolve(place)
    if isinstance(found.node, ast.Call):
        found = code.resolve(found.at(found.node.func))
    return found if isinstance(found.node, ast.ClassDef) else None


def declared_structure(code: Code, place: Place) -> bool:
    """Whether an expression builds an instance of a structure the package declares: a
    project ``NamedTuple``, or a dataclass or registered pytree class."""
    cls = class_place(code, place)
    if cls is None:
        return False
    assert isinstance(cls.node, ast.ClassDef)
    names = [cls.model.qualified_name(b, cls.scope) for b in cls.node.bases]
    decorators = [
        cls.model.qualified_name(d.func if isinstance(d, ast.Call) else d, cls.scope)
        for d in cls.node.decorator_list
    ]
    return any(b in _NAMED_TUPLES for b in names) or any(
        d in _STRUCTURE_DECORATORS for d in decorators
    )


def _field_class(code: Code, cls: Place, name: str) -> Place | None:
    declared = class_fields(cls.node).get(name) if isinstance(cls.node, ast.ClassDef) else None
    if declared is None or not isinstance(declared.annotation, ast.Name | ast.Attribute):
        return None
    return class_place(code, cls.at(declared.annotation))


def chain_end(code: Code, root: Place, chain: Sequence[str]) -> Place | None:
    """The class holding the chain's last field, from the class of its first object."""
    cls: Place | None = root
    for name in chain[:-1]:
        cls = _field_class(code, cls, name) if cls is not None else None
    if cls is None or not isinstance(cls.node, ast.ClassDef):
        return None
    if chain[-1] in class_fields(cls.node) and not chain[-1].isdigit():
        return cls
    return cls if _child(code, cls, chain[-1]) is not None else None


def _child(code: Code, cls: Place, key: str) -> tuple[str, Place] | None:
    """The child of a registered pytree class that a key of a traced argument's path names:
    its attribute (``.passes``, a key the flatten gives) or its position among the children
    (``[1]``, how JAX prints a child of a class flattened without keys)."""
    children = flattened_children(code, cls)
    if children is None:
        return None
    if key.isdigit():
        return children[int(key)] if int(key) < len(children) else None
    named = [c for c in children if c[0] == key]
    return named[0] if len(named) == 1 else None


def _project_classes(code: Code, name: str) -> Iterator[Place]:
    """Project classes declaring a field ``name``."""
    for path, model in code.models(code.files.files_containing(name)):
        for node in ast.walk(model.tree):
            if isinstance(node, ast.ClassDef) and name in class_fields(node):
                binding = model.module_scope.lookup(node.name)
                if binding is not None and binding.node is node:
                    yield Place(path, model, node, binding.scope)


def _root_classes(
    code: Code, path_calls: Sequence[Place], function: Function, index: int, path: Place
) -> list[Place]:
    """Classes the parameter's value may have: its annotation or default, else what the
    traceback's calls pass."""
    node = function.node
    if isinstance(node, ast.Lambda):
        return []
    args = [*node.args.posonlyargs, *node.args.args]
    arg = args[index]
    where = Place(path.path, path.model, arg, function.scope)
    if arg.annotation is not None:
        found = class_place(code, where.at(arg.annotation))
        if found is not None:
            return [found]
    first_default = len(args) - len(node.args.defaults)
    if index >= first_default:
        found = class_place(code, where.at(node.args.defaults[index - first_default]))
        if found is not None:
            return [found]
    return [c for c in (class_place(code, p) for p in path_calls) if c is not None]


def field_class(
    code: Code,
    passed: Sequence[Place],
    function: Function,
    index: int,
    at: Place,
    chain: Sequence[str],
) -> Place | None:
    """The one class that declares the chain's last field, for a parameter's value."""
    ends = {
        id(e.node): e
        for root in _root_classes(code, passed, function, index, at)
        if (e := chain_end(code, root, chain)) is not None
    }
    if not ends:
        ends = {
            id(e.node): e
            for root in _project_classes(code, chain[0])
            if (e := chain_end(code, root, chain)) is not None
        }
    return next(iter(ends.values())) if len(ends) == 1 else None


def python_field(cls: Place, name: str) -> bool:
    """Whether a class's field is declared to hold a Python value (``rounds: int = 3``)."""
    declared = class_fields(cls.node).get(name) if isinstance(cls.node, ast.ClassDef) else None
    annotation = declared.annotation if declared is not None else None
    return isinstance(annotation, ast.Name) and annotation.id in _PYTHON_TYPES


def _registration_entry(code: Code, cls: Place, name: str) -> tuple[Place, ast.expr] | None:
    """The ``data_fields`` string naming the field, in the one ``register_dataclass`` of the
    class (as a call or a ``partial`` decorator); None when it is not a data field."""
    assert isinstance(cls.node, ast.ClassDef)
    found: list[tuple[Place, ast.expr]] = []
    registered = 0
    for path, model in code.models([cls.path, *code.files.files_containing(cls.node.name)]):
        for call, scope in model.calls:
            api = model.qualified_name(call.func, scope)
            keywords = call.keywords
            if api == "functools.partial" and call.args:
                if model.qualified_name(call.args[0], scope) != _REGISTER:
                    continue
                if not any(d is call for d in cls.node.decorator_list) or path != cls.path:
                    continue
            elif api == _REGISTER and call.args:
                target = class_place(code, Place(path, model, call.args[0], scope))
                if target is None or target.node is not cls.node:
                    continue
            else:
                continue
            registered += 1
            for keyword in keywords:
                if keyword.arg == "data_fields" and isinstance(keyword.value, ast.List | ast.Tuple):
                    for entry in keyword.value.elts:
                        if isinstance(entry, ast.Constant) and entry.value == name:
                            found.append((Place(path, model, entry, scope), entry))
    return found[0] if registered == 1 and len(found) == 1 else None


# Registrations of a class by the methods it defines, and by flatten functions given apart.
_NODE_CLASS = frozenset(
    {
        "jax.tree_util.register_pytree_node_class",
        "jax.tree_util.register_pytree_with_keys_class",
    }
)
_NODE = frozenset({"jax.tree_util.register_pytree_node", "jax.tree_util.register_pytree_with_keys"})
# Those whose flatten gives each child as a (key, child) pair.
_KEYED = frozenset(
    {"jax.tree_util.register_pytree_with_keys_class", "jax.tree_util.register_pytree_with_keys"}
)


def flattened_children(code: Code, cls: Place) -> list[tuple[str, Place]] | None:
    """The attributes a registered pytree class flattens into its children (its leaves), each
    with the entry of the flatten function that reads it: ``tree_flatten``'s
    ``return (self.coeffs, self.degree), (self.lo, self.hi)`` under
    ``@register_pytree_node_class``, or the flatten function handed to
    ``register_pytree_node(Cls, flatten, unflatten)``. None where the class is not registered
    so, or its children are not a display of the instance's attributes."""
    node = cls.node
    assert isinstance(node, ast.ClassDef)
    flatten: Place | None = None
    for decorator in node.decorator_list:
        api = cls.model.qualified_name(decorator, cls.scope)
        if api in _NODE_CLASS:
            body = cls.model.scopes.get(node)
            name = "tree_flatten_with_keys" if api in _KEYED else "tree_flatten"
            methods = [s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == name]
            if body is None or len(methods) != 1:
                return None
            flatten = Place(cls.path, cls.model, methods[0], body)
            keyed = api in _KEYED
    if flatten is None:
        given = _flatten_given(code, cls)
        if given is None:
            return None
        flatten, keyed = given
    return _children_read(flatten, keyed)


def _flatten_given(code: Code, cls: Place) -> tuple[Place, bool] | None:
    """The flatten function of the one ``register_pytree_node(cls, flatten, unflatten)``, and
    whether it gives (key, child) pairs."""
    assert isinstance(cls.node, ast.ClassDef)
    found: list[tuple[Place, bool]] = []
    for path, model in code.models([cls.path, *code.files.files_containing(cls.node.name)]):
        for call, scope in model.calls:
            api = model.qualified_name(call.func, scope)
            if api not in _NODE or len(call.args) < 2:
                continue
            target = class_place(code, Place(path, model, call.args[0], scope))
            if target is None or target.node is not cls.node:
                continue
            function = code.resolve(Place(path, model, call.args[1], scope))
            if not isinstance(function.node, ast.FunctionDef | ast.Lambda):
                return None
            found.append((function, api in _KEYED))
    return found[0] if len(found) == 1 else None


def _children_read(flatten: Place, keyed: bool = False) -> list[tuple[str, Place]] | None:
    """The attributes of its first parameter that a flatten function returns as children
    (with ``keyed``, the second item of each (key, child) pair)."""
    node = flatten.node
    assert isinstance(node, ast.FunctionDef | ast.Lambda)
    params = [*node.args.posonlyargs, *node.args.args]
    if not params:
        return None
    instance = params[0].arg
    if isinstance(node, ast.Lambda):
        returned: list[ast.expr] = [node.body]
        scope = flatten.scope
    else:
        function = flatten.model.functions.get(node)
        if function is None:
            return None
        returned = [v for v in function.return_values if v is not None]
        scope = function.scope
    if len(returned) != 1 or not isinstance(pair := returned[0], ast.Tuple | ast.List):
        return None
    if len(pair.elts) != 2:
        return None
    children = pair.elts[0]
    if isinstance(children, ast.Name):
        # ``children = (self.values, self.order)`` bound once, then returned.
        bindings = scope.lookup_all(children.id)
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].value is None:
            return None
        children = bindings[0].value
    if not isinstance(children, ast.Tuple | ast.List):
        return None
    out = []
    for entry in children.elts:
        if keyed:
            if not (isinstance(entry, ast.Tuple) and len(entry.elts) == 2):
                return None
            entry = entry.elts[1]
        if not (
            isinstance(entry, ast.Attribute)
            and isinstance(entry.value, ast.Name)
            and entry.value.id == instance
        ):
            return None
        out.append((entry.attr, Place(flatten.path, flatten.model, entry, scope)))
    return out


def _registered_whole(cls: Place) -> bool:
    """A dataclass decorated with ``register_dataclass`` itself (not a call of it naming its
    ``data_fields``): JAX takes every field not marked static in its metadata as a leaf."""
    assert isinstance(cls.node, ast.ClassDef)
    return any(
        not isinstance(d, ast.Call) and cls.model.qualified_name(d, cls.scope) == _REGISTER
        for d in cls.node.decorator_list
    )


def _static_metadata(value: ast.expr | None) -> bool:
    """A field declared with ``field(metadata=...)`` (``dict(static=True)``, say) or another
    word on its static-ness: not surely a leaf."""
    return isinstance(value, ast.Call) and any(
        k.arg in ("metadata", "static", "pytree_node") or k.arg is None for k in value.keywords
    )


def _declares_static(call: ast.expr) -> bool:
    return isinstance(call, ast.Call) and any(
        keyword.arg == key
        and isinstance(keyword.value, ast.Constant)
        and keyword.value.value is value
        for keyword in call.keywords
        for key, value in _STATIC_KEYWORDS
    )


def _static_convention(code: Code, cls: Place) -> bool:
    """Whether the class's own module declares some field static (``field(static=True)``)."""
    return any(
        _declares_static(node) for node in ast.walk(cls.model.tree) if isinstance(node, ast.Call)
    )


def leaf_field(code: Code, cls: Place, name: str) -> LeafField | None:
    """Where the class's field ``name`` became a traced leaf, when the code says so surely."""
    node = cls.node
    assert isinstance(node, ast.ClassDef)
    child = _child(code, cls, name)
    if child is not None:
        # A registered class's flatten returns it among the children: there it becomes a leaf
        # (the auxiliary data keeps a Python value static).
        return LeafField(code.span(child[1].path, child[1].node), "children", node.name, child[0])
    declared = class_fields(node)[name]
    entry = _registration_entry(code, cls, name)
    if entry is not None:
        place, expr = entry
        return LeafField(code.span(place.path, expr), "registration", node.name)
    if _registered_whole(cls) and not _static_metadata(declared.value):
        # ``@register_dataclass`` alone: every field not declared static is a data field.
        return LeafField(code.span(cls.path, declared), "declaration", node.name)
    bases = [cls.model.qualified_name(b, cls.scope) for b in node.bases]
    if any(b in _NAMED_TUPLES for b in bases):
        return LeafField(code.span(cls.path, declared), "named_tuple", node.name)
    if (
        node.bases
        and not node.decorator_list
        and not (declared.value is not None and _declares_static(declared.value))
        and _static_convention(code, cls)
    ):
        return LeafField(code.span(cls.path, declared), "declaration", node.name)
    return None
