"""The expression that makes the leaf a message names by its pytree path (``args[0][0]['b']``).

JAX names a wrong gradient Ref by where it sits in what ``with_refs`` was given: the argument's
position, then the list index or dict key of each container around it. The value flow
(``culprit_flow``) follows the argument to the containers that hold it, the path chooses the
entry of each (a dict display's key, a dict comprehension's value for any key, a list or tuple
display's item, a list comprehension's element, the one ``append`` of a list built in a loop),
and the leaf is followed to the one expression that makes it (``jax.new_ref(jnp.zeros((1,
n)))``). Where any step is in doubt (several makers, a container built otherwise), None.
"""

from __future__ import annotations

import ast
import re

from jaxerr_ls.culprit_flow import Flow
from jaxerr_ls.culprit_state import Place

_MAX_DEPTH = 8
# ``args[0][0]['b']``: the argument's position, then the keys.
PATH_RE = re.compile(r"\bargs\[(\d+)\]((?:\[(?:-?\d+|'[^']*'|\"[^\"]*\")\])*)")
_KEY_RE = re.compile(r"\[(-?\d+|'[^']*'|\"[^\"]*\")\]")


def parse_path(text: str) -> tuple[int, list[str | int]] | None:
    """The position and the keys of the first ``args[...]...`` path in a message."""
    found = PATH_RE.search(text)
    if found is None:
        return None
    keys: list[str | int] = []
    for key in _KEY_RE.findall(found[2]):
        keys.append(key[1:-1] if key[0] in "'\"" else int(key))
    return int(found[1]), keys


def leaf_maker(flow: Flow, place: Place, keys: list[str | int]) -> Place | None:
    """The one expression that makes the entry at ``keys`` of the value at ``place``."""
    current = place
    for key in keys:
        entry = _entry(flow, current, key)
        if entry is None:
            return None
        current = entry
    makers = flow.makers(current)
    return makers[0] if makers is not None and len(makers) == 1 else None


def own_key(place: Place, keys: list[str | int]) -> tuple[Place, list[str | int]]:
    """A dict's entry handed over by its key (``grads["w"]``), where the path names no key
    below it: the dict and that key."""
    entry = place.node
    if keys or not isinstance(entry, ast.Subscript) or not isinstance(entry.slice, ast.Constant):
        return place, keys
    key = entry.slice.value
    if not isinstance(key, str | int) or isinstance(key, bool):
        return place, keys
    return place.at(entry.value), [key]


def keyed_table_entry(flow: Flow, place: Place, keys: list[str | int]) -> Place | None:
    """Where a dict comprehension that builds every entry alike (``{name: jax.new_ref(
    jnp.zeros(shape_of(cfg, name))) for name in store}``) takes what differs for the one key
    the message names: the entry of a project table of that key (``"gain": ("n_res",)`` of
    ``PARAM_SHAPES``) its key variable looks up, directly or in a project function it is
    passed to. The comprehension is right for the other keys; the table entry is not."""
    if len(keys) != 1 or not isinstance(keys[0], str):
        return None
    makers = flow.makers(place)
    if makers is None or len(makers) != 1 or not isinstance(makers[0].node, ast.DictComp):
        return None
    made, node = makers[0], makers[0].node
    if len(node.generators) != 1 or not isinstance(node.key, ast.Name):
        return None
    generator = node.generators[0]
    if generator.ifs:
        return None
    target = generator.target
    if isinstance(target, ast.Tuple):
        return _items_entry(flow, made, node, keys[0])
    if not isinstance(target, ast.Name) or target.id != node.key.id:
        return None
    found = _lookups(flow, made.at(node.value), target.id, keys[0], 0)
    return found[0] if len(found) == 1 else None


def _items_entry(flow: Flow, made: Place, node: ast.DictComp, key: str) -> Place | None:
    """``{name: f(shape) for name, shape in TABLE.items()}``: the entry for ``key`` is
    ``f(TABLE[key])``, so what differs for that key is the table's entry (a module's dict
    display of constants the value flow finds ``TABLE`` made by)."""
    generator = node.generators[0]
    target, source = generator.target, generator.iter
    assert isinstance(target, ast.Tuple) and isinstance(node.key, ast.Name)
    names = [e.id if isinstance(e, ast.Name) else None for e in target.elts]
    if len(names) != 2 or names[0] != node.key.id or names[1] is None:
        return None
    if not (
        isinstance(source, ast.Call)
        and isinstance(source.func, ast.Attribute)
        and source.func.attr == "items"
        and not source.args
        and not source.keywords
    ):
        return None
    if not any(isinstance(n, ast.Name) and n.id == names[1] for n in ast.walk(node.value)):
        return None
    tables = flow.makers(made.at(source.func.value))
    if tables is None or len(tables) != 1 or not isinstance(tables[0].node, ast.Dict):
        return None
    table = tables[0]
    assert isinstance(table.node, ast.Dict)
    if table.scope is not table.model.module_scope or any(
        isinstance(n, ast.Call) for n in ast.walk(table.node)
    ):
        # Only a module's table of specs (sizes, names): a dict of arrays or Refs (the
        # parameters a comprehension builds buffers like) is right, the comprehension not.
        return None
    found = [
        v
        for k, v in zip(table.node.keys, table.node.values, strict=True)
        if isinstance(k, ast.Constant) and k.value == key
    ]
    if any(k is None for k in table.node.keys) or len(found) != 1:
        return None
    return table.at(found[0])


def _lookups(flow: Flow, place: Place, name: str, key: str, depth: int) -> list[Place]:
    """The entries for ``key`` of the dict displays that ``TABLE[name]`` reads in ``place``,
    and in the project functions ``name`` is passed to (as the parameter it lands in)."""
    out: list[Place] = []
    for node in ast.walk(place.node):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name):
            if node.slice.id != name:
                continue
            table = flow.code.resolve(place.at(node.value))
            if isinstance(table.node, ast.Dict):
                out += [
                    table.at(v)
                    for k, v in zip(table.node.keys, table.node.values, strict=True)
                    if isinstance(k, ast.Constant) and k.value == key
                ]
        elif isinstance(node, ast.Call) and depth < _MAX_DEPTH:
            given = [i for i, a in enumerate(node.args) if isinstance(a, ast.Name) and a.id == name]
            callees = flow.callees(place.at(node.func)) if len(given) == 1 else []
            if len(callees) != 1 or callees[0].partial is not None:
                continue
            callee = callees[0]
            params = [p.name for p in callee.function.positional][callee.skip :]
            if given[0] >= len(params):
                continue
            body = Place(
                callee.place.path, callee.place.model, callee.function.node, callee.function.scope
            )
            out += _lookups(flow, body, params[given[0]], key, depth + 1)
    return out


def _entry(flow: Flow, place: Place, key: str | int) -> Place | None:
    makers = flow.makers(place)
    if makers is None or len(makers) != 1:
        return None
    made = makers[0]
    node = made.node
    if isinstance(node, ast.Dict) and isinstance(key, str):
        if not node.keys:
            return _item_stored(made)
        if any(k is None for k in node.keys):
            return None
        found = [
            v
            for k, v in zip(node.keys, node.values, strict=True)
            if isinstance(k, ast.Constant) and k.value == key
        ]
        return made.at(found[0]) if len(found) == 1 else None
    if isinstance(node, ast.DictComp) and isinstance(key, str):
        return _in_comprehension(made, node.value)
    if isinstance(node, ast.ListComp) and isinstance(key, int):
        return _in_comprehension(made, node.elt)
    if isinstance(node, ast.Tuple | ast.List) and isinstance(key, int):
        items = node.elts
        if any(isinstance(e, ast.Starred) for e in items):
            return None
        if items:
            return made.at(items[key]) if -len(items) <= key < len(items) else None
        return _appended(made)
    return None


def _in_comprehension(made: Place, value: ast.expr) -> Place:
    """A comprehension's value, read in the scope its variables are bound in (the model binds
    them in the scope around it)."""
    return made.at(value)


def _item_stored(made: Place) -> Place | None:
    """The one value stored into an empty dict by item assignment (``self.grads = {}`` then
    ``self.grads[name] = jax.new_ref(...)`` in a loop of the same function): every entry is
    made by it. None where the dict is also changed otherwise (``update``, another store)."""
    function = made.scope.node
    assigned = [
        s
        for s in ast.walk(function)
        if isinstance(s, ast.Assign) and s.value is made.node and len(s.targets) == 1
    ]
    if len(assigned) != 1 or not isinstance(assigned[0].targets[0], ast.Name | ast.Attribute):
        return None
    target = ast.unparse(assigned[0].targets[0])  # ``self.grads``, stored or read
    same = [
        n
        for n in ast.walk(function)
        if isinstance(n, ast.Name | ast.Attribute) and ast.unparse(n) == target
    ]
    stores = [
        s
        for s in ast.walk(function)
        if isinstance(s, ast.Assign)
        and len(s.targets) == 1
        and isinstance(s.targets[0], ast.Subscript)
        and any(s.targets[0].value is n for n in same)
    ]
    called = [
        c
        for c in ast.walk(function)
        if isinstance(c, ast.Call)
        and isinstance(c.func, ast.Attribute)
        and any(c.func.value is n for n in same)
    ]
    if len(stores) != 1 or called:
        return None
    return made.at(stores[0].value)


def _appended(made: Place) -> Place | None:
    """The one value appended to an empty list (``bufs = []`` then ``bufs.append({...})`` in
    a loop of the same function): every entry is made by it."""
    function = made.scope.node
    assigned = [
        s
        for s in ast.walk(function)
        if isinstance(s, ast.Assign)
        and s.value is made.node
        and len(s.targets) == 1
        and isinstance(s.targets[0], ast.Name)
    ]
    if len(assigned) != 1:
        return None
    target = assigned[0].targets[0]
    assert isinstance(target, ast.Name)
    uses = [
        n
        for n in ast.walk(function)
        if isinstance(n, ast.Name) and n.id == target.id and isinstance(n.ctx, ast.Load)
    ]
    appends = [
        c
        for c in ast.walk(function)
        if isinstance(c, ast.Call)
        and isinstance(c.func, ast.Attribute)
        and isinstance(c.func.value, ast.Name)
        and c.func.value.id == target.id
    ]
    # Only ``append``s (no ``extend``, ``insert``, item assignment) build it.
    mutated = [c for c in appends if c.func.attr != "append"]  # type: ignore[attr-defined]
    if mutated or len(appends) != 1 or len(appends[0].args) != 1:
        return None
    stored = [
        n
        for n in ast.walk(function)
        if isinstance(n, ast.Subscript | ast.Attribute)
        and isinstance(n.ctx, ast.Store)
        and isinstance(n.value, ast.Name)
        and n.value.id == target.id
    ]
    if stored or len(uses) < 1:
        return None
    return made.at(appends[0].args[0])
