"""Culprits of Refs, traced values, loops, solvers, callbacks and closures, in the project model.

JAX reports these errors where a value is used (``f_vjp.with_refs(...)(ct)``, ``if train:``,
the ``grad`` of a loop), while the change belongs where the value was made: the ``with_refs``
entry built on another line, the ``jax.jit`` that traces a flag, the ``fori_loop`` whose bounds
``jax.jit`` traced, the ``custom_linear_solve`` without a transpose, the factory call that hands
a traced value to a ``custom_vjp`` closure, the ``jax.hessian`` above a ``custom_vjp`` function.
Each finder follows names through assignments, imports of project modules, ``functools.partial``
and the traceback's frames, and stays silent where the code leaves room for doubt or where the
fault is the failing line itself.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from jaxerr_ls.astindex import nodes_of
from jaxerr_ls.library import library
from jaxerr_ls.locate import ProjectFiles
from jaxerr_ls.project import (
    TRANSPARENT,
    Function,
    ModuleModel,
    Scope,
    TransformCall,
    build,
    class_fields,
    if_branches,
    reads_of,
)
from jaxerr_ls.records import CulpritKind
from jaxerr_ls.spans import Span, ast_span

if TYPE_CHECKING:
    from jaxerr_ls.culprit_flow import Flow

# "the argument at position args[1] of the differentiated function f at m.py:3"
ARG_POSITION_RE = re.compile(r"\bargs\[(\d+)\](?=[\s:,]|$)")
# "train_step at /ci/project/train.py:13"
_TRACED_RE = re.compile(r"^(?P<name>[\w<>.]+) at (?P<path>.+?):(?P<line>\d+)$")
_IDENTIFIER_RE = re.compile(r"^[A-Za-z_]\w*$")
# A traced argument's path through fields: ``cfg.boundary``, ``sm[1]``, ``model.smoother[0]``
# (an index only last: a child of a registered class, else the item of a sequence).
_FIELD_PATH_RE = re.compile(r"^([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)*(?:\.[A-Za-z_]\w*|\[\d+\]))$")
# Between the arguments JAX lists ("x, y and z").
_ARGUMENTS_RE = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
# An item of a ``*args`` parameter, as JAX names it (``a[4]``).
_VARARG_ITEM_RE = re.compile(r"^(?P<name>[A-Za-z_]\w*)\[(?P<index>\d+)\]$")
_LOOPS = {"jax.lax.fori_loop": "fori_loop", "jax.lax.while_loop": "while_loop"}
# Transforms that hand their arguments on in the same positions.
_SAME_POSITIONS = frozenset({"jax.grad", "jax.value_and_grad", "jax.checkpoint", "jax.remat"})
_FORWARD_MODE = {
    "jax.hessian": "is forward-over-reverse",
    "jax.jacfwd": "differentiates in forward mode",
    "jax.jvp": "differentiates in forward mode",
    "jax.linearize": "differentiates in forward mode",
}
T = TypeVar("T")
# How far names are followed (assignments, imports, frames): real code needs few steps.
_MAX_STEPS = 8


@dataclass(frozen=True, slots=True)
class Found:
    """A culprit as this module finds it: where, its kind, a name and why (for ``Culprit``)."""

    span: Span
    kind: CulpritKind
    name: str
    why: str


@dataclass(frozen=True, slots=True)
class Place:
    """An expression of a project module and the scope it is read in."""

    path: Path
    model: ModuleModel
    node: ast.AST
    scope: Scope

    def at(self, node: ast.AST) -> Place:
        """Another expression of the same module, read in the same scope."""
        return Place(self.path, self.model, node, self.scope)


class Buffers:
    """Source texts as a quick fix reads them (an editor's buffers, else the disk), with the
    part of ``ProjectFiles`` that ``Code`` uses: modules are looked for beside ``base``."""

    def __init__(self, read: Callable[[Path], str | None], base: Path) -> None:
        self.read = read
        self.base = base
        # Only its per-file memo is used: the files here are the reader's, not the disk's.
        self._memos = ProjectFiles(base)

    def text(self, path: Path) -> str | None:
        try:
            return self.read(path)
        except OSError:  # a reader that raises for a module that is not there
            return None

    def lines(self, path: Path) -> list[str] | None:
        text = self.text(path)
        return text.splitlines() if text is not None else None

    def resolve(self, printed: str) -> Path | None:
        candidate = self.base / printed
        return candidate if self.text(candidate) is not None else None

    def memo(self, kind: str, path: Path, compute: Callable[[Path], T]) -> T:
        return self._memos.memo(kind, path, compute)

    def files_containing(self, needle: str) -> list[Path]:
        return []

    def files_near(self, needle: str, near: Iterable[Path]) -> list[Path]:
        return []


# A call over more lines than this is looked for among the few such calls, not indexed by
# each of its lines.
_INDEXED_SPAN = 64


def _calls_by_line(
    model: ModuleModel,
) -> tuple[dict[int, list[tuple[ast.Call, Scope]]], list[tuple[ast.Call, Scope]]]:
    """The module's calls by each line they span, and the calls over many lines apart."""
    by_line: dict[int, list[tuple[ast.Call, Scope]]] = {}
    long: list[tuple[ast.Call, Scope]] = []
    for call, scope in model.calls:
        end = call.end_lineno or call.lineno
        if end - call.lineno > _INDEXED_SPAN:
            long.append((call, scope))
            continue
        for line in range(call.lineno, end + 1):
            by_line.setdefault(line, []).append((call, scope))
    return by_line, long


# Models are read, never changed: a file seen again unchanged (in each quick fix of a
# diagnostic, in the next analysis) is modelled once. By path too: a node of one file must
# never stand for a node of another file with the same text.
@functools.lru_cache(maxsize=32)
def _model(path: Path, text: str) -> ModuleModel | None:
    return build(text)


class Code:
    """The project's modules as models (built once per file), and names followed across them."""

    def __init__(self, files: ProjectFiles | Buffers) -> None:
        self.files = files
        # The loops of each scope the value flow read a name in on a loop's first iteration,
        # by the scope node's id (the models, and so their nodes, live as long as ``files``).
        self.loops: dict[int, list[ast.For | ast.While]] = {}
        # The project file of each imported module asked about (the files do not change).
        self._module_files: dict[str, Path | None] = {}

    def model(self, path: Path) -> ModuleModel | None:
        def compute(p: Path) -> ModuleModel | None:
            text = self.files.text(p)
            return _model(p, text) if text is not None else None

        return self.files.memo("model", path, compute)

    def span(self, path: Path, node: ast.AST) -> Span:
        return ast_span(path, node, self.files.lines(path) or [])

    def models(self, paths: Sequence[Path]) -> Iterator[tuple[Path, ModuleModel]]:
        """The models of the modules at ``paths`` (each once) that parse."""
        for path in dict.fromkeys(paths):
            model = self.model(path)
            if model is not None:
                yield path, model

    def module_file(self, module: str) -> Path | None:
        """The project file of an imported module (``layers`` or ``pkg.layers``)."""
        if module in self._module_files:
            return self._module_files[module]
        found = None
        parts = module.split(".")
        for relative in ("/".join(parts) + ".py", "/".join([*parts, "__init__.py"])):
            path = self.files.resolve(relative)
            # A lone ``__init__.py`` of another package is not ``jax/__init__.py``.
            if path is not None and path.as_posix().endswith("/" + relative):
                found = path
                break
        self._module_files[module] = found
        return found

    def frames_calls(self, frames: Sequence[Span]) -> Iterator[Place]:
        """The calls of the traceback's lines, each once."""
        seen: set[int] = set()
        for span in frames:
            for model, call, scope in self.calls_on(span):
                if id(call) not in seen:
                    seen.add(id(call))
                    yield Place(span.path, model, call, scope)

    def calls_on(self, span: Span) -> Iterator[tuple[ModuleModel, ast.Call, Scope]]:
        """The calls of a frame's line, outermost first."""
        model = self.model(span.path)
        if model is None:
            return
        by_line, long = self.files.memo("calls by line", span.path, lambda _: _calls_by_line(model))
        found = [
            *by_line.get(span.line, ()),
            *(
                (call, scope)
                for call, scope in long
                if call.lineno <= span.line <= (call.end_lineno or call.lineno)
            ),
        ]
        found.sort(key=lambda item: (item[0].lineno, item[0].col_offset))
        for call, scope in found:
            yield model, call, scope

    def resolve(self, place: Place) -> Place:
        """Where an expression's value was made: a name followed through its one assignment,
        a ``def``, or an import of a project module (as far as that is certain)."""
        for _ in range(_MAX_STEPS):
            node = place.node
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                # ``module.name`` for an imported project module.
                binding = place.scope.lookup(node.value.id)
                if binding is None or binding.kind != "import" or not binding.qualified:
                    return place
                found = self._module_binding(binding.qualified, node.attr)
                if found is None:
                    return place
                place = found
                continue
            if not isinstance(node, ast.Name):
                return place
            binding = place.scope.lookup(node.id)
            if binding is None:
                return place
            if binding.kind == "assign" and binding.value is not None:
                place = Place(place.path, place.model, binding.value, binding.scope)
            elif binding.kind in ("def", "class"):
                return Place(place.path, place.model, binding.node, binding.scope)
            elif binding.kind == "import" and binding.qualified and "." in binding.qualified:
                module, _, name = binding.qualified.rpartition(".")
                found = self._module_binding(module, name)
                if found is None:
                    return place
                place = found
            else:
                return place
        return place

    def _module_binding(self, module: str, name: str) -> Place | None:
        """Where a project module binds a name at its top level (the binding's value, its
        ``def``, or, for a name it imports in turn, the name at its import)."""
        path = self.module_file(module)
        model = self.model(path) if path is not None else None
        binding = model.module_scope.lookup(name) if model is not None else None
        if path is None or model is None or binding is None:
            return None
        if binding.kind == "assign" and binding.value is not None:
            return Place(path, model, binding.value, binding.scope)
        if binding.kind in ("def", "class"):
            return Place(path, model, binding.node, binding.scope)
        if binding.kind == "import":
            name_node = ast.copy_location(ast.Name(name, ast.Load()), binding.node)
            return Place(path, model, name_node, model.module_scope)
        return None

    def function_at(self, path: Path, name: str, line: int) -> Function | None:
        """The function a message names as "NAME at PATH:LINE" (LINE: its first decorator's)."""
        model = self.model(path)
        if model is None:
            return None
        for function in model.functions.values():
            node = function.node
            first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
            if function.name == name and line in (first, node.lineno):
                return function
        return None


def defining_function(model: ModuleModel, scope: Scope) -> Function | None:
    return model.functions.get(scope.node)


def _is_literal(node: ast.AST) -> bool:
    """A Python constant that ``jax.jit`` would trace but a static argument can hold."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, bool | int | str) or node.value is None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return _is_literal(node.operand)
    return False


# Builtins whose result is a Python scalar whatever they are given (``len(CLASSES)``,
# ``int(round(hours / dt))``): a value JAX sees as a constant.
_PYTHON_SCALARS = frozenset({"len", "int", "float", "bool", "round", "str"})


def _counted(place: Place) -> bool:
    """A call of a builtin that gives a Python scalar (``len(...)``, ``int(...)``), not
    shadowed in the scope."""
    node = place.node
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _PYTHON_SCALARS
        and not place.scope.lookup_all(node.func.id)
    )


def _shape_read(node: ast.AST) -> bool:
    """An item of an array's shape (``data.shape[0]``) or its rank (``data.ndim``): a Python
    int even where the array is traced."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        node = node.value
        return isinstance(node, ast.Attribute) and node.attr == "shape"
    return isinstance(node, ast.Attribute) and node.attr == "ndim"


def _argument_at(call: ast.Call, function: Function, index: int) -> ast.expr | None:
    """The expression a call passes for the function's parameter at ``index``."""
    params = function.positional
    if index >= len(params):
        # An item of ``*args``: the call's positional argument there, if none is unpacked.
        if function.node.args.vararg is None or any(
            isinstance(a, ast.Starred) for a in call.args[: index + 1]
        ):
            return None
        return call.args[index] if index < len(call.args) else None
    for keyword in call.keywords:
        if keyword.arg == params[index].name:
            return keyword.value
    if any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
        return None
    return call.args[index] if index < len(call.args) else None


class _Flow:
    """Which functions and jit-wrapped callables the traceback's calls reach."""

    def __init__(self, code: Code, frames: Sequence[Span], through_jit: bool = False) -> None:
        self.code = code
        self.frames = frames
        # Follow calls through ``jax.jit`` too (it keeps positions): for where a value is
        # made, not for whether it is still a Python value (jit traces it).
        self.keeping = _SAME_POSITIONS | {"jax.jit"} if through_jit else _SAME_POSITIONS

    def calls_of(self, target: ast.AST) -> Iterator[tuple[Place, ast.Call]]:
        """Calls on the traceback's lines whose callee is ``target`` (a ``def`` or a jit
        call), followed through names."""
        for site in self.code.frames_calls(self.frames):
            call = site.node
            assert isinstance(call, ast.Call)
            callee = self.code.resolve(site.at(call.func))
            if callee.node is target or self._wraps(callee, target):
                yield site, call

    def _wraps(self, callee: Place, target: ast.AST) -> bool:
        """Whether a callee is ``jax.grad(target)`` or another transform that hands its
        arguments on in the same positions."""
        for _ in range(_MAX_STEPS):
            node = callee.node
            if not isinstance(node, ast.Call) or not node.args or node is target:
                return False
            if callee.model.qualified_name(node.func, callee.scope) not in self.keeping:
                return False
            callee = self.code.resolve(callee.at(node.args[0]))
            if callee.node is target:
                return True
        return False

    def python_value(
        self, function: Function, index: int, targets: Sequence[ast.AST], depth: int = 0
    ) -> bool:
        """Whether the function's parameter at ``index`` surely holds a Python constant: its
        default or annotation says so, or a call in the traceback passes one, maybe through
        parameters of the calling functions."""
        node = function.node
        params = function.positional
        if index >= len(params) and node.args.vararg is not None and depth < 3:
            # An item of ``*args`` (``lambda *a: ...``): only the calls say what it holds.
            calls = [item for target in targets for item in self.calls_of(target)]
            return bool(calls) and all(
                self._passes_python(function, index, p, c, depth) for p, c in calls
            )
        if index >= len(params) or isinstance(node, ast.Lambda):
            return False
        args = [*node.args.posonlyargs, *node.args.args]
        annotation = args[index].annotation
        if isinstance(annotation, ast.Name) and annotation.id in ("bool", "int", "str"):
            return True
        first_default = len(args) - len(node.args.defaults)
        if index >= first_default and _is_literal(node.args.defaults[index - first_default]):
            return True
        if depth >= 3:
            return False
        calls = [item for target in targets for item in self.calls_of(target)]
        if calls:
            return any(self._passes_python(function, index, p, c, depth) for p, c in calls)
        # JAX left the calls out of the traceback (a jit inside a grad): every call of the
        # project then, each of which must pass a Python constant.
        calls = [item for target in targets for item in self.project_calls_of(target, function)]
        return bool(calls) and all(
            self._passes_python(function, index, p, c, depth) for p, c in calls
        )

    def _passes_python(
        self, function: Function, index: int, place: Place, call: ast.Call, depth: int
    ) -> bool:
        passed = _argument_at(call, function, index)
        if passed is None:
            return False
        if _is_literal(passed) or _counted(place.at(passed)) or _shape_read(passed):
            return True
        value = self.code.resolve(place.at(passed))
        if _is_literal(value.node) or _counted(value) or _shape_read(value.node):
            return True
        if self._python_loop_value(value):
            return True
        if self._returns_python(value):
            return True
        if self._python_field(place.at(passed)):
            return True
        outer = _parameter_of(value)
        return outer is not None and self.python_value(
            outer[0], outer[1], [outer[0].node], depth + 1
        )

    def _returns_python(self, value: Place) -> bool:
        """A call of a project function whose every ``return`` gives a literal or a Python
        scalar builtin's result (``return int(round(hours / dt))``)."""
        if not isinstance(value.node, ast.Call):
            return False
        callee = self.code.resolve(value.at(value.node.func))
        function = callee.model.functions.get(callee.node)
        if function is None or isinstance(function.node, ast.Lambda) or not function.returns:
            return False
        return all(
            ret.value is not None
            and (
                _is_literal(ret.value)
                or _counted(Place(callee.path, callee.model, ret.value, function.scope))
            )
            for ret in function.returns
        )

    def project_calls_of(
        self, target: ast.AST, function: Function
    ) -> Iterator[tuple[Place, ast.Call]]:
        """Calls anywhere in the project whose callee is ``target`` (followed through names
        and position-keeping transforms)."""
        paths = [*(f.path for f in self.frames), *self.code.files.files_containing(function.name)]
        for path, model in self.code.models(paths):
            for call, scope in model.calls:
                callee = self.code.resolve(Place(path, model, call.func, scope))
                if callee.node is target or self._wraps(callee, target):
                    yield Place(path, model, call, scope), call

    def _python_field(self, place: Place, depth: int = 0) -> bool:
        """Whether a path into an object (``problem.sweeps``, ``exp["horizon"]``) reads a
        Python constant: the object's construction or dict literal holds one there (or its
        class declares the field ``int``), found from the object's name or the parameter it
        is, through the parameter's default, annotation or the traceback's calls."""
        path = _object_path(place.node)
        if path is None or depth >= 3:
            return False
        node, chain = path
        root = place.at(node)
        outer = _parameter_of(root)
        if outer is None:
            return self._holds_constant(root, chain)
        return self._parameter_holds(root, outer[0], outer[1], chain, depth)

    def _parameter_holds(
        self, root: Place, function: Function, index: int, chain: list[str | int], depth: int
    ) -> bool:
        from jaxerr_ls import culprit_leaves

        node = function.node
        if isinstance(node, ast.Lambda):
            return False
        args = [*node.args.posonlyargs, *node.args.args]
        first_default = len(args) - len(node.args.defaults)
        if index >= first_default:
            default = root.at(node.args.defaults[index - first_default])
            if self._holds_constant(default, chain):
                return True
        if all(isinstance(step, str) for step in chain):
            names = [str(step) for step in chain]
            cls = culprit_leaves.field_class(self.code, [], function, index, root, names)
            if cls is not None and culprit_leaves.python_field(cls, names[-1]):
                return True
        for place, call in self.calls_of(node):
            passed = _argument_at(call, function, index)
            if passed is None:
                continue
            if self._holds_constant(place.at(passed), chain):
                return True
            value = self.code.resolve(place.at(passed))
            further = _parameter_of(value)
            if further is not None and self._parameter_holds(
                value, further[0], further[1], chain, depth + 1
            ):
                return True
        return False

    def _holds_constant(self, place: Place, chain: Sequence[str | int]) -> bool:
        """Whether the value an expression makes holds a Python constant at ``chain``."""
        found = self.constant_at(place, chain)
        return found is True or (isinstance(found, Place) and _is_literal(found.node))

    def constant_at(self, place: Place, chain: Sequence[str | int]) -> Place | bool:
        """Where the value an expression makes holds what ``chain`` reads (a dict entry, a
        field given at construction or its class default); True where only the field's
        ``int`` / ``bool`` / ``str`` declaration says it holds a constant; False unknown."""
        from jaxerr_ls import culprit_leaves

        for _ in range(_MAX_STEPS):
            value = self.code.resolve(place)
            node = value.node
            if not chain:
                return value
            step, chain = chain[0], chain[1:]
            if isinstance(node, ast.Dict):
                entries = [
                    v
                    for k, v in zip(node.keys, node.values, strict=True)
                    if isinstance(k, ast.Constant) and k.value == step
                ]
                if len(entries) != 1 or None in node.keys:
                    return False
                place = value.at(entries[0])
                continue
            if not isinstance(node, ast.Call) or not isinstance(step, str):
                return False
            if (
                isinstance(node.func, ast.Name)
                and node.func.id == "dict"
                and value.scope.lookup("dict") is None
            ):
                # ``dict(unroll=20)``: its keywords are the entries.
                given = [k.value for k in node.keywords if k.arg == step]
                if len(given) != 1 or node.args or any(k.arg is None for k in node.keywords):
                    return False
                place = value.at(given[0])
                continue
            cls = culprit_leaves.class_place(self.code, value.at(node.func))
            if cls is None or not isinstance(cls.node, ast.ClassDef):
                return False
            fields = class_fields(cls.node)
            if step not in fields:
                return False
            given = [k.value for k in node.keywords if k.arg == step]
            order = list(fields).index(step)
            if not given and not any(isinstance(a, ast.Starred) for a in node.args):
                given = node.args[order : order + 1]
            if given:
                place = value.at(given[0])
                continue
            default = fields[step].value
            if default is not None and not isinstance(default, ast.Call):
                place = cls.at(default)
                continue
            return not chain and culprit_leaves.python_field(cls, step)
        return False

    def path_value(self, place: Place) -> Place | None:
        """Where a path into an object (``settings.grad_argnums``) is given its value, when
        the object is a module constant or a parameter no traceback call passes (its
        default): the dict entry, the field given at construction or its class default."""
        path = _object_path(place.node)
        if path is None:
            return None
        node, chain = path
        root = place.at(node)
        outer = _parameter_of(root)
        if outer is not None:
            function, index = outer
            args = function.node.args if not isinstance(function.node, ast.Lambda) else None
            if args is None or any(
                _argument_at(call, function, index) is not None
                for _, call in self.project_calls_of(function.node, function)
            ):
                return None
            positional = [*args.posonlyargs, *args.args]
            first_default = len(positional) - len(args.defaults)
            if index < first_default:
                return None
            root = root.at(args.defaults[index - first_default])
        found = self.constant_at(root, chain)
        return found if isinstance(found, Place) else None

    def _python_loop_value(self, place: Place) -> bool:
        """Whether a name is the variable of a ``for`` loop (or a comprehension) over Python
        constants: a
        ``range(...)`` (ints, or the call itself fails) or a tuple, list or set of literals,
        written there or through a name."""
        if not isinstance(place.node, ast.Name):
            return False
        binding = place.scope.lookup(place.node.id)
        if binding is None or not isinstance(binding.node, ast.For | ast.comprehension):
            return False
        loop = binding.node
        if not (isinstance(loop.target, ast.Name) and loop.target.id == place.node.id):
            return False
        iterated = self.code.resolve(Place(place.path, place.model, loop.iter, binding.scope))
        node = iterated.node
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return bool(node.elts) and all(_is_literal(e) for e in node.elts)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            # ``range`` itself, not a project name that shadows it.
            return node.func.id == "range" and iterated.scope.lookup("range") is None
        return False


def _object_path(node: ast.AST) -> tuple[ast.Name, list[str | int]] | None:
    """The name and the fields or constant keys a path into an object reads
    (``exp["horizon"]``: ``exp``, ``["horizon"]``); None for anything else."""
    chain: list[str | int] = []
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Attribute):
            chain.insert(0, node.attr)
        elif isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str | int):
            chain.insert(0, node.slice.value)
        else:
            return None
        node = node.value
    return (node, chain) if chain and isinstance(node, ast.Name) else None


def flow_of(code: Code, frames: Sequence[Span]) -> _Flow:
    """The calls the traceback's lines (and the project's) make, for other modules."""
    return _Flow(code, frames)


def argument_at(call: ast.Call, function: Function, index: int) -> ast.expr | None:
    """The expression a call passes for the function's parameter at ``index``."""
    return _argument_at(call, function, index)


def path_value(code: Code, frames: Sequence[Span], place: Place) -> Place | None:
    """Where a path into an object (``settings.grad_argnums``) is given its value, if sure."""
    return _Flow(code, frames).path_value(place)


def _parameter_of(place: Place) -> tuple[Function, int] | None:
    """The function and positional index of the parameter a name is, if it is one."""
    if not isinstance(place.node, ast.Name):
        return None
    binding = place.scope.lookup(place.node.id)
    if binding is None or binding.kind != "param":
        return None
    function = place.model.functions.get(binding.node)
    if function is None:
        return None
    names = [p.name for p in function.positional]
    return (function, names.index(place.node.id)) if place.node.id in names else None


@dataclass(frozen=True, slots=True)
class JitSite:
    """A ``jax.jit`` that traces a function: its decorator or call, and what it wraps."""

    path: Path
    model: ModuleModel
    node: ast.expr  # the decorator expression or the ``jax.jit(...)`` call
    scope: Scope
    # The function's own parameters reach jit unchanged: ``static_argnames`` work.
    direct: bool
    # A name the jitted callable is called by, or the call itself (``jax.jit(f)(x)``).
    callee: ast.AST


def jit_sites(code: Code, path: Path, function: Function) -> list[JitSite]:
    """Where ``jax.jit`` is applied to a function: as its decorator (``jax.jit`` or a project
    decorator that jits the function it is given), or as ``jax.jit(f)`` /
    ``jax.jit(jax.grad(f))`` in a project module (the function's own, then those that name
    it), positions unchanged."""
    model = code.model(path)
    if model is None:
        return []
    sites = []
    node = function.node
    outer = function.scope.parent or model.module_scope
    if not isinstance(node, ast.Lambda):
        for decorator in node.decorator_list:
            if _is_jit(model, decorator, outer) or _jitting_decorator(
                code, Place(path, model, decorator, outer)
            ):
                sites.append(JitSite(path, model, decorator, outer, True, node))
    for other, other_model in code.models([path, *code.files.files_containing(function.name)]):
        for transform in other_model.transforms:
            if transform.api != "jax.jit":
                continue
            wrapped = wrapped_function(code, other, other_model, transform)
            if wrapped is None or wrapped[0] is not node:
                continue
            sites.append(
                JitSite(
                    other,
                    other_model,
                    transform.call,
                    transform.scope,
                    wrapped[1],
                    transform.call,
                )
            )
    return sites


def _is_jit(model: ModuleModel, decorator: ast.expr, scope: Scope) -> bool:
    if isinstance(decorator, ast.Call):
        api = model.qualified_name(decorator.func, scope)
        if api == "functools.partial" and decorator.args:
            return model.qualified_name(decorator.args[0], scope) == "jax.jit"
        return api == "jax.jit"
    return model.qualified_name(decorator, scope) == "jax.jit"


def _jitting_decorator(code: Code, decorator: Place) -> bool:
    """A project decorator that applies ``jax.jit`` to the function it decorates, its own
    parameters unchanged: ``@compiled`` whose ``def compiled(fn)`` calls ``jax.jit(fn, ...)``,
    or a factory's ``@compiled(...)`` whose returned ``def wrap(fn)`` does."""
    node = decorator.node
    called = isinstance(node, ast.Call)
    made = code.resolve(decorator.at(node.func if isinstance(node, ast.Call) else node))
    function = made.model.functions.get(made.node)
    if function is None or isinstance(function.node, ast.Lambda):
        return False
    if called:
        # The factory returns the decorator: one ``return`` of a ``def`` it defines.
        if len(function.returns) != 1 or function.returns[0].value is None:
            return False
        returned = code.resolve(
            Place(made.path, made.model, function.returns[0].value, function.scope)
        )
        function = returned.model.functions.get(returned.node)
        if function is None or isinstance(function.node, ast.Lambda):
            return False
    if not function.positional:
        return False
    given = function.positional[0].name
    return any(
        transform.api == "jax.jit"
        and transform.call.args
        and isinstance(transform.call.args[0], ast.Name)
        and transform.call.args[0].id == given
        and transform.scope.lookup(given) is not None
        and transform.scope.lookup(given) is function.scope.lookup(given)
        for transform in made.model.transforms
        if _inside(transform.call, function.node)
    )


def _inside(node: ast.AST, function: ast.AST) -> bool:
    return any(n is node for n in ast.walk(function))


def wrapped_function(
    code: Code, path: Path, model: ModuleModel, transform: TransformCall
) -> tuple[ast.AST, bool] | None:
    """The ``def`` a jit call wraps (through ``jax.grad`` and the like, which keep positions),
    and whether it is wrapped directly."""
    inner: ast.expr = transform.call.args[0]
    direct = True
    for _ in range(_MAX_STEPS):
        if not isinstance(inner, ast.Call):
            break
        api = model.qualified_name(inner.func, transform.scope)
        if api not in _SAME_POSITIONS or not inner.args or isinstance(inner.args[0], ast.Starred):
            return None
        inner, direct = inner.args[0], False
    found = code.resolve(Place(path, model, inner, transform.scope))
    if isinstance(found.node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        return found.node, direct
    return None


def _jit_names(site: JitSite) -> list[ast.AST]:
    """What calls of the jitted callable resolve to: the def (decorated) or the jit call."""
    return [site.callee]


def _not_failing(span: Span, frames: Sequence[Span]) -> bool:
    """A culprit on the failing line is the error's own line: no culprit then."""
    return not frames or (span.path, span.line) != (frames[0].path, frames[0].line)


def _span_off_failing(code: Code, place: Place, frames: Sequence[Span]) -> Span | None:
    """The place's span, unless it is on the failing line (see ``_not_failing``)."""
    span = code.span(place.path, place.node)
    return span if _not_failing(span, frames) else None


# -- Refs --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RefEntry:
    """The ``with_refs`` entry for one argument, and where its value was made."""

    call: ast.Call  # the ``f_vjp.with_refs(...)`` call
    call_place: Place
    entry: ast.expr  # the entry as written (an element, maybe of a tuple bound elsewhere)
    value: Place  # the entry's value, followed through names


def with_refs_calls(code: Code, span: Span) -> Iterator[tuple[ast.Call, Place]]:
    for model, call, scope in code.calls_on(span):
        if isinstance(call.func, ast.Attribute) and call.func.attr == "with_refs":
            yield call, Place(span.path, model, call, scope)


def with_refs_entries(
    code: Code, call: ast.Call, place: Place, frames: Sequence[Span] = ()
) -> list[Place] | None:
    """The entries of a ``with_refs`` call, one per primal argument: its arguments, with a
    ``*name`` of a tuple or list expanded (None when one is not known): a display the name
    holds, else the one the value flow finds it made by (through attributes, calls)."""
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    entries: list[Place] = []
    for arg in call.args:
        if not isinstance(arg, ast.Starred):
            entries.append(place.at(arg))
            continue
        found = code.resolve(place.at(arg.value))
        if not isinstance(found.node, ast.Tuple | ast.List) and frames:
            found = ValueFlow(code, frames).one_maker(place.at(arg.value)) or found
        if not isinstance(found.node, ast.Tuple | ast.List) or any(
            isinstance(e, ast.Starred) for e in found.node.elts
        ):
            return None
        entries.extend(found.at(e) for e in found.node.elts)
    return entries if not call.keywords else None


def ref_entry(code: Code, frames: Sequence[Span], index: int) -> RefEntry | None:
    """The ``with_refs`` entry at ``index`` of the failing call, followed to its value
    (through an attribute of an instance of a project class, ``buf.ref``, too)."""
    if not frames:
        return None
    for call, place in with_refs_calls(code, frames[0]):
        entries = with_refs_entries(code, call, place, frames)
        if entries is None:
            built = _built_alike(code, frames, call, place) or _spread_element(
                code, frames, call, place, index
            )
            if built is not None and isinstance(built.node, ast.expr):
                return RefEntry(call, place, built.node, built)
        if entries is None or index >= len(entries):
            continue
        entry = entries[index]
        assert isinstance(entry.node, ast.expr)
        value = code.resolve(entry)
        return RefEntry(call, place, entry.node, attribute_value(code, frames, value) or value)
    return None


def _spread_element(
    code: Code, frames: Sequence[Span], call: ast.Call, place: Place, index: int
) -> Place | None:
    """``with_refs(*self.pool.buffers, dont)`` where what is spread is made by one
    comprehension of Refs (``culprit_flow.Flow.element``): the entry at ``index`` is its
    element,
    where ``index`` is the spread's first position (or any later one, with nothing after
    it)."""
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    starred = [i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)]
    if len(starred) != 1 or call.keywords:
        return None
    at = starred[0]
    last = at == len(call.args) - 1
    if index < at or (index != at and not last):
        return None
    spread = call.args[at]
    assert isinstance(spread, ast.Starred)
    element = ValueFlow(code, frames).element(place.at(spread.value))
    # Only a Ref made there alike for every item (a helper called per item, ``slot(name)``,
    # may make each item otherwise).
    return element if element is not None and makes_ref(element) else None


def _built_alike(code: Code, frames: Sequence[Span], call: ast.Call, place: Place) -> Place | None:
    """``with_refs(*wants)`` where ``wants`` is a parameter left to its ``None`` default by
    the caller (the traceback's next frame) and then built by one list comprehension of the
    function: every entry is its element (``jax.tree.map(lambda _: GradValue(), a)``)."""
    if call.keywords or len(call.args) != 1 or not isinstance(call.args[0], ast.Starred):
        return None
    starred = call.args[0].value
    if not isinstance(starred, ast.Name) or len(frames) < 2:
        return None
    bindings = place.scope.lookup_all(starred.id)
    params = [b for b in bindings if b.kind == "param"]
    built = [b for b in bindings if b.kind == "assign" and isinstance(b.value, ast.ListComp)]
    if len(params) != 1 or len(built) != 1 or len(bindings) != 2:
        return None
    function = defining_function(place.model, params[0].scope)
    if function is None or isinstance(function.node, ast.Lambda):
        return None
    arguments = function.node.args
    defaults = dict(
        zip([a.arg for a in arguments.kwonlyargs], arguments.kw_defaults, strict=True)
    ) | dict(
        zip(
            [a.arg for a in (*arguments.posonlyargs, *arguments.args)][-len(arguments.defaults) :]
            if arguments.defaults
            else [],
            arguments.defaults,
            strict=True,
        )
    )
    default = defaults.get(starred.id)
    if not (isinstance(default, ast.Constant) and default.value is None):
        return None
    # The caller leaves it to its default: no keyword of that name, no ``**`` to give it.
    callers = [
        c
        for _, c, _ in code.calls_on(frames[1])
        if (getattr(c.func, "id", None) or getattr(c.func, "attr", None)) == function.name
    ]
    if len(callers) != 1 or any(k.arg in (None, starred.id) for k in callers[0].keywords):
        return None
    positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    if starred.id in positional and (
        len(callers[0].args) > positional.index(starred.id)
        or any(isinstance(a, ast.Starred) for a in callers[0].args)
    ):
        return None
    value = built[0].value
    assert isinstance(value, ast.ListComp)
    return Place(place.path, place.model, value.elt, built[0].scope)


def attribute_value(code: Code, frames: Sequence[Span], place: Place) -> Place | None:
    """Where ``obj.attr`` got its value, when ``obj`` is an instance of a project class (made
    by a call of the class, followed through assignments, imports and the parameters the
    traceback's calls pass it in) or ``self`` in a method: the class's one assignment
    ``self.attr = value`` (followed to the constructor's argument when ``value`` is a
    parameter of ``__init__``). None where another assignment could have set it."""
    node = place.node
    if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Name):
        return None
    made = _instance_of(code, frames, place.at(node.value))
    if made is None:
        return None
    cls, constructor = made
    assert isinstance(cls.node, ast.ClassDef)
    assigned = [
        (method, statement.value)
        for method in cls.model.functions.values()
        if method.owner is cls.node and method.positional
        for statement in own_statements(method.node)
        if isinstance(statement, ast.Assign | ast.AnnAssign)
        and statement.value is not None
        and any(
            _is_self_attribute(target, method.positional[0].name, node.attr)
            for target in _targets(statement)
        )
    ]
    if len(assigned) != 1:
        return None
    method, value = assigned[0]
    found = code.resolve(Place(cls.path, cls.model, value, method.scope))
    binding = found.scope.lookup(found.node.id) if isinstance(found.node, ast.Name) else None
    if binding is None or binding.kind != "param":
        return found
    # A parameter: of ``__init__``, the argument the constructor call gave it.
    call = constructor.node if constructor is not None else None
    if constructor is None or not isinstance(call, ast.Call) or method.name != "__init__":
        return None
    assert isinstance(found.node, ast.Name)
    name = found.node.id
    passed = [k.value for k in call.keywords if k.arg == name]
    names = [p.name for p in method.positional]
    if not passed and name in names and 0 < names.index(name) <= len(call.args):
        passed = [call.args[names.index(name) - 1]]
        if any(isinstance(a, ast.Starred) for a in call.args[: names.index(name)]):
            return None
    if len(passed) != 1:
        return None
    return code.resolve(constructor.at(passed[0]))


def bound_method(
    code: Code, frames: Sequence[Span], place: Place
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The ``def`` that ``obj.name`` calls, when ``obj`` is an instance of a project class
    (or ``self``) whose class body defines ``name`` as a plain method."""
    node = place.node
    if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Name):
        return None
    made = _instance_of(code, frames, place.at(node.value))
    if made is None or not isinstance(made[0].node, ast.ClassDef):
        return None
    for item in made[0].node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name == node.attr:
            plain = not any(
                isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod", "property")
                for d in item.decorator_list
            )
            return item if plain else None
    return None


def passed_value(
    code: Code,
    frames: Sequence[Span],
    place: Place,
    through_jit: bool = False,
    methods: bool = True,
) -> Place:
    """Where an expression's value was made, followed through names and, for a parameter of
    a function or (with ``methods``) a method, the one call of it on the traceback's lines
    (as far as that is certain); with ``through_jit``, also through the calls of a
    ``jax.jit`` of it."""
    return code.resolve(handed_in(code, frames, place, through_jit, methods))


def handed_in(
    code: Code,
    frames: Sequence[Span],
    place: Place,
    through_jit: bool = False,
    methods: bool = True,
) -> Place:
    """The expression as the outermost certain caller writes it: for a name that is (or is
    bound to) a parameter of a plain function or (with ``methods``) of a method, the
    argument of the one call of it on the traceback's lines, and so on out (``place`` itself
    where no caller hands it in)."""
    flow = _Flow(code, frames, through_jit)
    written = place
    for _ in range(_MAX_STEPS):
        param = _parameter_of(code.resolve(written))
        if param is None:
            return written
        function, index = param
        if function.owner is not None:
            if not methods:
                return written
            given = _method_argument(code, frames, function, index, through_jit)
            if given is None:
                return written
            written = given
            continue
        passed = [(p, _argument_at(c, function, index)) for p, c in flow.calls_of(function.node)]
        if len(passed) != 1 or passed[0][1] is None:
            return written
        caller, expression = passed[0]
        assert expression is not None
        written = caller.at(expression)
    return written


def _method_argument(
    code: Code, frames: Sequence[Span], function: Function, index: int, through_jit: bool
) -> Place | None:
    """What the one call on the traceback's lines that runs a method (``obj.m(..)`` on an
    instance the value flow knows, ``Cls(..)`` for ``__init__``, ``cls(..)`` in a
    classmethod; with ``through_jit``, also a transform of it that keeps positions, such as
    ``self.step = jax.jit(self.update)``) passes for its parameter at ``index``, past the
    parameters the call does not pass (a bound ``self``). None for ``self`` itself, where no
    such call is on the traceback or several are, or where the argument is not certain
    (unpacked, fixed by a ``functools.partial``, left to the default)."""
    # Imported here: the value flow is built on this module.
    from jaxerr_ls.culprit_flow import Flow, argument

    value_flow = Flow(code, frames)
    found: list[tuple[int, Place]] = []
    for site in code.frames_calls(frames):
        call = site.node
        assert isinstance(call, ast.Call)
        func = site.at(call.func)
        reached = value_flow.runs_of(func) if through_jit else value_flow.callees(func)
        if not through_jit and not reached and isinstance(code.resolve(func).node, ast.ClassDef):
            reached = value_flow.runs_of(func)  # a construction runs ``__init__``
        found += [(c.skip, site) for c in reached if c.function is function and c.partial is None]
    if len({id(site.node) for _, site in found}) != 1:
        return None
    skip, site = found[0]
    if index < skip:
        return None  # ``self``: the receiver, not an argument
    names = [p.name for p in function.positional][skip:]
    assert isinstance(site.node, ast.Call)
    given = argument(site.node, names, function.positional[index].name)
    return None if given is None else site.at(given)


def traceback_call_sites(
    code: Code, frames: Sequence[Span], target: ast.AST
) -> list[tuple[Place, ast.Call]]:
    """The calls on the traceback's lines whose callee is ``target``, with where each is."""
    return list(_Flow(code, frames).calls_of(target))


def traceback_calls(code: Code, frames: Sequence[Span], target: ast.AST) -> list[ast.Call]:
    """The calls on the traceback's lines whose callee is ``target`` (a ``def``)."""
    return [call for _, call in _Flow(code, frames).calls_of(target)]


def _instance_of(
    code: Code, frames: Sequence[Span], place: Place
) -> tuple[Place, Place | None] | None:
    """The project class an instance comes from, and the call that made it (None for
    ``self``)."""
    value = passed_value(code, frames, place)
    if isinstance(value.node, ast.Call):
        cls = code.resolve(value.at(value.node.func))
        return (cls, value) if isinstance(cls.node, ast.ClassDef) else None
    param = _parameter_of(value)
    if param is None or param[0].owner is None or param[1] != 0:
        return None
    return Place(value.path, value.model, param[0].owner, value.model.module_scope), None


def own_statements(function: ast.AST) -> Iterator[ast.stmt]:
    """Statements of a function's body at any depth, not those of functions or classes in it
    (none for a lambda, whose body is an expression)."""
    body = getattr(function, "body", [])
    stack: list[ast.AST] = list(body) if isinstance(body, list) else []
    while stack:
        node = stack.pop()
        if isinstance(node, ast.stmt):
            yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            stack.extend(n for n in ast.iter_child_nodes(node) if isinstance(n, ast.stmt))


def _targets(statement: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return statement.targets if isinstance(statement, ast.Assign) else [statement.target]


def _is_self_attribute(target: ast.expr, self_name: str, attr: str) -> bool:
    return (
        isinstance(target, ast.Attribute)
        and target.attr == attr
        and isinstance(target.value, ast.Name)
        and target.value.id == self_name
    )


def is_dontwant_class(place: Place) -> bool:
    node = place.node
    if isinstance(node, ast.Attribute):
        return node.attr == "DontWant" and place.model.qualified_name(node, place.scope) in (
            "jax.ad.DontWant",
            None,
        )
    if isinstance(node, ast.Name):
        return place.model.qualified_name(node, place.scope) == "jax.ad.DontWant"
    return False


def _refs_culprits(code: Code, captures: Mapping[str, str], frames: Sequence[Span]) -> list[Found]:
    """The with_refs entry at fault; where a comprehension builds every key's Ref alike from a
    table, the table's entry for the key first, then the allocation (where a change that
    makes each Ref like its leaf belongs)."""
    table = _ref_path_culprit(code, captures, frames, True) if "expected" in captures else None
    found = _refs_entry_culprit(code, captures, frames)
    if found is None and "expected" in captures:
        found = _ref_path_culprit(code, captures, frames)
    if found is None and "expected" not in captures:
        found = _array_leaf_culprit(code, captures, frames)
    if (
        table is None
        and found is None
        and frames
        and not any(True for _ in with_refs_calls(code, frames[0]))
    ):
        found = _forwarded_ref_culprit(code, captures, frames) or _switched_off_refs(code, frames)
    if table is None:
        return [] if found is None else [found]
    return [table] if found is None or found.span == table.span else [table, found]


def _forwarded_ref_culprit(
    code: Code, captures: Mapping[str, str], frames: Sequence[Span]
) -> Found | None:
    """A Ref a caller hands to a generic helper that passes its ``*args`` on to ``jax.vjp``
    (``value_and_first_grad(f, x, self.capacity_ref)``) and applies the VJP without
    ``with_refs``: the helper cannot know its arguments are Refs, so the caller's argument
    is where the change belongs. The argument is followed up the traceback through helpers
    that only forward their own ``*args`` (``saliency(f, *args)`` calling
    ``pullback(g, *args)``) to the call that names it. Where the helper hands on the Ref's
    gradient (all of them, ``return value, grads``), it means to differentiate by every
    argument, and binding a gradient ref is its change, on the failing line (no culprit)
    unless the Ref is state the program updates in place (``self.k[...] = k_new`` in a
    method of the class that holds it, ``_updated_in_place``): such a Ref was handed over
    for its current value. A Ref given to ``jax.vjp`` by name in the failing function
    itself leaves the failing line (bind a gradient ref there) as the fault: no culprit."""
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    position = ARG_POSITION_RE.search(captures.get("argument", ""))
    if position is None or len(frames) < 2:
        return None
    index = int(position[1])
    for model, call, scope in code.calls_on(frames[0]):
        function = defining_function(model, scope)
        if not isinstance(call.func, ast.Name) or function is None:
            continue
        vjp = _vjp_making(model, function, call.func.id)
        vararg = function.node.args.vararg if not isinstance(function.node, ast.Lambda) else None
        if vjp is None or vararg is None:
            continue
        primals = vjp.args[1:]
        starred = [
            i
            for i, a in enumerate(primals)
            if isinstance(a, ast.Starred)
            and isinstance(a.value, ast.Name)
            and a.value.id == vararg.arg
        ]
        if len(starred) != 1 or any(isinstance(a, ast.Starred) for a in primals[: starred[0]]):
            return None
        if index < starred[0]:
            return None  # an argument the helper gives itself
        discards = _discards_gradient(function, call, index)
        if not discards and _binds_refs(list(own_statements(function.node)), call.func.id):
            return None  # the helper binds gradient refs when told to: its option
        handed = _handed_through(code, frames[1:], function, index - starred[0])
        if handed is None:
            return None
        argument, helper = handed
        if not discards and not _updated_in_place(ValueFlow(code, frames), argument):
            return None
        span = code.span(argument.path, argument.node)
        text = ast.unparse(argument.node)
        why = (
            f"`{text}` is handed to `{helper}`, which passes it on to jax.vjp as "
            f"args[{index}] and applies the VJP without `with_refs`: pass the Ref's value "
            f"(`{text}[...]`), or bind a gradient ref for it."
        )
        return Found(span, CulpritKind.REFS_ARGUMENT, text if len(text) <= 60 else helper, why)
    return None


# How many helpers that forward their ``*args`` an argument is followed up through.
_MAX_FORWARDS = 4


def _handed_through(
    code: Code, frames: Sequence[Span], function: Function, index: int
) -> tuple[Place, str] | None:
    """The argument a caller on the traceback (``frames``, from the helper's caller up) hands
    to ``function`` as the ``index``-th of its ``*args``, followed up through callers that
    only forward their own ``*args`` (``pullback(g, *args)`` in ``saliency(f, *args)``), with
    the name of the function that call runs. None where a call differs or spreads otherwise."""
    for depth, frame in enumerate(frames[: _MAX_FORWARDS + 1]):
        given = len(function.positional) + index
        calls = [
            (model, caller, scope)
            for model, caller, scope in code.calls_on(frame)
            if (getattr(caller.func, "id", None) or getattr(caller.func, "attr", None))
            == function.name
        ]
        if len(calls) != 1:
            return None
        model, caller, scope = calls[0]
        spread = [i for i, a in enumerate(caller.args) if isinstance(a, ast.Starred)]
        if not spread:
            if given >= len(caller.args):
                return None
            return Place(frame.path, model, caller.args[given], scope), function.name
        outer = defining_function(model, scope)
        at = spread[0]
        value = caller.args[at]
        assert isinstance(value, ast.Starred)
        vararg = (
            outer.node.args.vararg
            if outer is not None and not isinstance(outer.node, ast.Lambda)
            else None
        )
        if (
            outer is None
            or vararg is None
            or len(spread) != 1
            or given < at
            or not isinstance(value.value, ast.Name)
            or value.value.id != vararg.arg
            or depth == _MAX_FORWARDS
        ):
            return None
        # ``helper(g, *args)`` in ``outer(f, *args)``: the entry of the outer ``*args``.
        function, index = outer, given - at
    return None


def _updated_in_place(flow: Flow, argument: Place) -> bool:
    """Whether the Ref an argument holds is state the program updates in place: the value flow
    finds it made by one ``jax.new_ref`` bound to an attribute of ``self`` in a method
    (``self.k = jax.new_ref(...)``), and a method of that class writes into it
    (``self.k[...] = k_new``, ``self.k[...] += d``)."""
    if not isinstance(argument.node, ast.Attribute):
        return False
    made = flow.one_maker(argument)
    if made is None or not makes_ref(made):
        return False
    owner = next(
        (
            n
            for n in ast.walk(made.model.tree)
            if isinstance(n, ast.ClassDef) and any(made.node is m for m in ast.walk(n))
        ),
        None,
    )
    if owner is None:
        return False
    bound = [
        target
        for n in ast.walk(owner)
        if isinstance(n, ast.Assign) and n.value is made.node
        for target in n.targets
    ]
    if len(bound) != 1:
        return False
    target = bound[0]
    if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
        return False
    attr = target.attr
    for n in ast.walk(owner):
        stores = (
            n.targets
            if isinstance(n, ast.Assign)
            else [n.target]
            if isinstance(n, ast.AugAssign)
            else []
        )
        for store in stores:
            if (
                isinstance(store, ast.Subscript)
                and isinstance(store.value, ast.Attribute)
                and store.value.attr == attr
                and isinstance(store.value.value, ast.Name)
                and store.value.value.id == target.value.id
            ):
                return True
    return False


def _holds(block: list[ast.stmt], node: ast.AST) -> bool:
    return any(node in ast.walk(part) for part in block)


def _binds_refs(block: list[ast.stmt], vjp: str) -> bool:
    """Whether a block calls ``vjp.with_refs(...)``."""
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "with_refs"
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == vjp
        for part in block
        for n in ast.walk(part)
    )


def _discards_gradient(function: Function, call: ast.Call, index: int) -> bool:
    """Whether a function reads of what the VJP call gives only entries at constant
    positions other than ``index`` (``cts = f_vjp(ct); return out, cts[0]``): the gradient
    of the argument at ``index`` is never used, so it need not be a Ref's."""
    parents = {id(c): n for n in ast.walk(function.node) for c in ast.iter_child_nodes(n)}

    def other_entry(node: ast.AST) -> bool:
        parent = parents.get(id(node))
        return (
            isinstance(parent, ast.Subscript)
            and parent.value is node
            and isinstance(parent.slice, ast.Constant)
            and isinstance(parent.slice.value, int)
            and parent.slice.value != index
        )

    if other_entry(call):
        return True
    statement = parents.get(id(call))
    if not (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(target := statement.targets[0], ast.Name)
    ):
        return False
    reads = [
        n
        for n in ast.walk(function.node)
        if isinstance(n, ast.Name) and n.id == target.id and isinstance(n.ctx, ast.Load)
    ]
    return bool(reads) and all(other_entry(n) for n in reads)


def _switched_off_refs(code: Code, frames: Sequence[Span]) -> Found | None:
    """A VJP applied without ``with_refs`` in one branch of an ``if flag:`` whose other branch
    binds gradient refs with ``with_refs`` on the same VJP function: the program knows how to
    accumulate into a Ref, and the flag's value, where the value flow finds it made (a
    constant: a field's default, a keyword, a parameter's default), took the other branch."""
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    for model, call, scope in code.calls_on(frames[0]):
        function = defining_function(model, scope)
        if function is None or not isinstance(call.func, ast.Name):
            continue
        name = call.func.id

        # ``if flag: <with_refs> else: <failing>`` (or the other way round, or ``not flag``;
        # an early-return guard's rest of the block is its ``else``): the flag, and the truth
        # value that takes the failing branch.
        branches: list[tuple[ast.expr, bool]] = []
        for node, body, orelse in if_branches(function.node):
            if _holds(orelse, call) and _binds_refs(body, name):
                taken = False
            elif _holds(body, call) and _binds_refs(orelse, name):
                taken = True
            elif (
                not node.orelse
                and _rebinds_refs(node.body, name)
                and _before(node, call)
                and not _holds(node.body, call)
            ):
                # ``if grad_refs is not None: f_vjp = f_vjp.with_refs(*grad_refs)`` before
                # the failing ``f_vjp(ct)``: it fails where the ``if`` was not taken.
                taken = False
            else:
                continue
            test = node.test
            if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                test, taken = test.operand, not taken
            test, taken = _none_test(test, taken)
            branches.append((test, taken))
        if len(branches) != 1 or not isinstance(branches[0][0], ast.Name | ast.Attribute):
            continue
        test, taken = branches[0]
        made = ValueFlow(code, frames).one_maker(Place(frames[0].path, model, test, scope))
        if made is None or not isinstance(made.node, ast.Constant):
            return None
        if made.node.value not in (False, None, 0, True, 1) or bool(made.node.value) != taken:
            return None
        flag = ast.unparse(test)
        left = _left_to_default(code, frames, function, test, made)
        if left is not None:
            span, callee = left
            why = (
                f"This call of `{callee}` leaves `{flag}` to its default {made.node.value!r}, "
                "so the VJP is applied without the `with_refs` it binds the gradient refs "
                f"with when `{flag}` is given."
            )
            return Found(
                span, CulpritKind.REFS_SWITCHED_OFF, flag if len(flag) <= 60 else "flag", why
            )
        span = code.span(made.path, made.node)
        if not _not_failing(span, frames):
            return None
        why = (
            f"`{flag}` is {made.node.value!r} here, so the VJP is applied without the "
            "`with_refs` its other branch binds the gradient ref with."
        )
        return Found(span, CulpritKind.REFS_SWITCHED_OFF, flag if len(flag) <= 60 else "flag", why)
    return None


def _rebinds_refs(block: list[ast.stmt], vjp: str) -> bool:
    """Whether a block rebinds ``vjp = vjp.with_refs(...)``."""
    return any(
        isinstance(part, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == vjp for t in part.targets)
        and _binds_refs([part], vjp)
        for part in block
    )


def _before(statement: ast.stmt, node: ast.AST) -> bool:
    end = statement.end_lineno or statement.lineno
    return end < getattr(node, "lineno", 0)


def _none_test(test: ast.expr, taken: bool) -> tuple[ast.expr, bool]:
    """``x is not None`` as the value ``x`` (truthy where the test holds, for the constants
    a flag takes); ``x is None`` with the branch reversed."""
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    ):
        if isinstance(test.ops[0], ast.IsNot):
            return test.left, taken
        if isinstance(test.ops[0], ast.Is):
            return test.left, not taken
    return test, taken


def _left_to_default(
    code: Code, frames: Sequence[Span], function: Function, test: ast.expr, made: Place
) -> tuple[Span, str] | None:
    """The call on the next traceback line that leaves the parameter ``test`` names to its
    default ``made``: that call chose the value (the helper's default is its option)."""
    node = function.node
    if not isinstance(test, ast.Name) or isinstance(node, ast.Lambda) or len(frames) < 2:
        return None
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    defaults = dict(
        zip(
            [a.arg for a in positional[len(positional) - len(args.defaults) :]],
            args.defaults,
            strict=True,
        )
    )
    defaults |= {
        a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None
    }
    if defaults.get(test.id) is not made.node:
        return None
    calls = [
        caller
        for _, caller, _ in code.calls_on(frames[1])
        if (getattr(caller.func, "id", None) or getattr(caller.func, "attr", None)) == function.name
    ]
    if len(calls) != 1 or any(k.arg is None for k in calls[0].keywords):
        return None
    return code.span(frames[1].path, calls[0]), function.name


def _vjp_making(model: ModuleModel, function: Function, name: str) -> ast.Call | None:
    """The one ``out, name = jax.vjp(f, ...)`` of a function that binds ``name``."""
    found = [
        statement.value
        for statement in own_statements(function.node)
        if isinstance(statement, ast.Assign)
        and isinstance(statement.value, ast.Call)
        and model.qualified_name(statement.value.func, function.scope) == "jax.vjp"
        and len(statement.targets) == 1
        and isinstance(target := statement.targets[0], ast.Tuple)
        and len(target.elts) == 2
        and isinstance(target.elts[1], ast.Name)
        and target.elts[1].id == name
    ]
    return found[0] if len(found) == 1 and isinstance(found[0], ast.Call) else None


def _path_entry(
    code: Code, captures: Mapping[str, str], frames: Sequence[Span]
) -> tuple[Place, list[str | int], str, Flow] | None:
    """The ``with_refs`` entry of the argument the message's path names (``args[0][0]['b']``):
    the entry, the keys below it, the path as printed, and the traceback's value flow."""
    from jaxerr_ls import culprit_paths
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    parsed = culprit_paths.parse_path(captures.get("argument", ""))
    if parsed is None or not frames:
        return None
    index, keys = parsed
    for call, place in with_refs_calls(code, frames[0]):
        entries = with_refs_entries(code, call, place, frames)
        if entries is None or index >= len(entries):
            continue
        path = "args[{}]{}".format(index, "".join(f"[{k!r}]" for k in keys))
        return entries[index], keys, path, ValueFlow(code, frames)
    return None


def _ref_path_culprit(
    code: Code, captures: Mapping[str, str], frames: Sequence[Span], by_table: bool = False
) -> Found | None:
    """A gradient Ref of the wrong type, found by the path the message gives
    (``args[0][0]['b']``) through the containers the value flow finds the ``with_refs``
    entry made by, to the one expression that makes it (``culprit_paths.leaf_maker``); with
    ``by_table``, where a dict comprehension that builds every key's Ref alike takes what
    differs for that key: the entry of the table it looks the shape up in
    (``culprit_paths.keyed_table_entry``)."""
    from jaxerr_ls import culprit_paths

    found = _path_entry(code, captures, frames)
    if found is None:
        return None
    entry, keys, path, flow = found
    if by_table:
        entry, keys = culprit_paths.own_key(entry, keys)
        made = culprit_paths.keyed_table_entry(flow, entry, keys)
    else:
        made = culprit_paths.leaf_maker(flow, entry, keys)
        if made is not None and not (makes_ref(made) and _agrees(flow, made, captures)):
            return None
    if made is None:
        return None
    span = _span_off_failing(code, made, frames)
    if span is None:
        return None
    text = ast.unparse(made.node)
    given, expected = captures.get("given", "?"), captures["expected"]
    if by_table:
        why = (
            f"The gradient ref for {path} is built, like the others, from this entry for "
            f"{keys[0]!r}, `{text[:60]}`: it gives {given}, where Ref{{{expected}}}, the type "
            "of that argument, is needed."
        )
        return Found(span, CulpritKind.REFS_ARGUMENT, path, why)
    why = (
        f"The gradient ref `{text}` made here has type {given}, but {path} needs a "
        f"Ref{{{expected}}}, the type of that argument."
    )
    return Found(span, CulpritKind.REFS_ARGUMENT, text if len(text) <= 60 else path, why)


# The array constructors whose result, given to with_refs inside a container, is a plain
# array where a gradient Ref is needed.
_ARRAY_CONSTRUCTORS = frozenset(
    f"{module}.{name}"
    for module in ("jax.numpy", "numpy")
    for name in (
        "zeros",
        "zeros_like",
        "ones",
        "ones_like",
        "full",
        "full_like",
        "empty",
        "empty_like",
        "array",
        "asarray",
    )
)


def _array_leaf_culprit(
    code: Code, captures: Mapping[str, str], frames: Sequence[Span]
) -> Found | None:
    """A with_refs entry for a Ref-typed argument inside a container (the message's path,
    ``args[0]['b']``) that the value flow finds made by an array constructor, not a Ref
    (``{k: jnp.zeros_like(r[...]) for k, r in refs.items()}`` in a helper that makes the
    gradient buffers): that expression is where the buffer becomes a Ref
    (``jax.new_ref(...)`` around it)."""
    from jaxerr_ls import culprit_paths

    found = _path_entry(code, captures, frames)
    if found is None:
        return None
    entry, keys, path, flow = found
    if not keys:
        return None  # the entry itself: ``_refs_entry_culprit`` follows it
    made = culprit_paths.leaf_maker(flow, entry, keys)
    if made is None or not isinstance(made.node, ast.Call):
        return None
    if made.model.qualified_name(made.node.func, made.scope) not in _ARRAY_CONSTRUCTORS:
        return None
    span = _span_off_failing(code, made, frames)
    if span is None:
        return None
    text = ast.unparse(made.node)
    why = (
        f"The gradient buffer for {path} is made here as a plain array, `{text[:60]}`: "
        "with_refs needs a Ref for a Ref-typed argument, to accumulate its gradient into "
        f"(`jax.new_ref({text[:40]})`)."
    )
    return Found(span, CulpritKind.REFS_ARGUMENT, text if len(text) <= 60 else path, why)


# "args[0] was a <class 'tuple'> in the primal arguments, but a <class 'list'> in the
# `with_refs` arguments", "... a <class 'dict'> with 3 children in ...": an argument's entry
# of another container type or size (the first difference, at the argument itself).
_TREE_DIFFERENCE_RE = re.compile(
    r"\* args(?:\[(?P<index>\d+)\])? was a "
    r"(?:<class '\w+'>|pytree leaf|\w+ of length (?P<primal_length>\d+))"
    r"(?: with (?P<primal>\d+) children)? in the primal arguments, but a "
    r"(?:<class '(?P<given>\w+)'>(?: with (?P<children>\d+) children)?|(?P<sized>tuple|list) "
    r"of length (?P<length>\d+)) in the `with_refs` arguments"
)
# The displays that build a container of each type a message names.
_DISPLAYS: dict[str, tuple[type[ast.expr], ...]] = {
    "list": (ast.List, ast.ListComp),
    "dict": (ast.Dict, ast.DictComp),
    "tuple": (ast.Tuple,),
}


def _converts_to(place: Place, kind: str) -> bool:
    """``list(...)``, ``dict(...)``, ``tuple(...)``: a call of the builtin that makes a
    container of ``kind``."""
    node = place.node
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == kind
        and place.scope.lookup(kind) is None
    )


def _refs_tree_culprit(
    code: Code, captures: Mapping[str, str], frames: Sequence[Span]
) -> Found | None:
    """The container given to ``with_refs`` for an argument of another structure, where the
    project builds it on another line (``self.grads = self.zero_grads()``, whose ``return``
    makes a list where ``jax.vjp`` got a tuple; a dict comprehension over a table with a key
    the parameters lack): the one display or comprehension of the type the message says
    ``with_refs`` got that the value flow finds the entry made by. None where the entry is
    written on the failing line (a ``None``, a tuple of the Refs: the call is the fault)."""
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    difference = _TREE_DIFFERENCE_RE.search(captures.get("difference", ""))
    if difference is None or not frames:
        return None
    if difference["index"] is None:
        return _vjp_arguments_culprit(code, frames, difference)
    index = int(difference["index"])
    given = difference["given"] or difference["sized"]
    displays = _DISPLAYS.get(given or "")
    if displays is None:
        return None
    for call, place in with_refs_calls(code, frames[0]):
        entries = with_refs_entries(code, call, place, frames)
        if entries is None or index >= len(entries):
            continue
        made = ValueFlow(code, frames).one_maker(entries[index])
        if made is None or not (isinstance(made.node, displays) or _converts_to(made, given or "")):
            return None
        span = _span_off_failing(code, made, frames)
        if span is None:
            return None
        entry = ast.unparse(entries[index].node)
        size = difference["children"] or difference["length"]
        built = f"a {given}" if size is None else f"a {given} of {size}"
        primal = f", where jax.vjp got {difference['primal']}" if difference["primal"] else ""
        why = (
            f"`{entry}` is built here as {built}{primal}: with_refs needs for args[{index}] "
            "the structure of the argument jax.vjp was given."
        )
        return Found(span, CulpritKind.REFS_TREE, entry if len(entry) <= 60 else "args", why)
    return None


def _vjp_arguments_culprit(
    code: Code, frames: Sequence[Span], difference: re.Match[str]
) -> Found | None:
    """The ``jax.vjp`` call that differentiates more arguments than ``with_refs`` is given
    gradient refs for ("args was a tuple of length 2 in the primal arguments, but a tuple of
    length 1 ..."): the function ``with_refs`` is called on, followed to the caller that hands
    it in, is made there by ``jax.vjp`` with those arguments. The arguments that need no
    gradient belong out of it (bound with ``functools.partial``). None where ``with_refs`` is
    given more (its own call is then the fault) or the ``jax.vjp`` call is not certain."""
    primal, given = difference["primal_length"], difference["length"]
    if primal is None or given is None or int(primal) <= int(given):
        return None
    found: list[tuple[Place, ast.Call]] = []
    for call, place in with_refs_calls(code, frames[0]):
        assert isinstance(call.func, ast.Attribute)
        receiver = handed_in(code, frames, place.at(call.func.value))
        function = defining_function(receiver.model, receiver.scope)
        if function is None or not isinstance(receiver.node, ast.Name):
            continue
        made = _vjp_making(receiver.model, function, receiver.node.id)
        if made is not None:
            found.append((receiver, made))
    if len(found) != 1:
        return None
    receiver, made = found[0]
    arguments = made.args[1:]
    if len(arguments) != int(primal) or any(isinstance(a, ast.Starred) for a in arguments):
        return None
    span = code.span(receiver.path, made)
    if not _not_failing(span, frames):
        return None
    shown = ", ".join(ast.unparse(a) for a in arguments)
    why = (
        f"`jax.vjp` differentiates {primal} arguments here ({shown}), but `with_refs` is given "
        f"{given} gradient ref(s): bind the arguments that need no gradient "
        "(`functools.partial`), or give each of them an entry."
    )
    return Found(span, CulpritKind.REFS_TREE, "jax.vjp", why)


# ``Ref{float32[1,12]}``: the dtype and the sizes of a printed Ref type.
_REF_TYPE_RE = re.compile(r"Ref\{(\w+)\[([\d,\s]*)\]\}")


def _agrees(flow: Flow, made: Place, captures: Mapping[str, str]) -> bool:
    """The Ref's value, as the project builds it, may have the type the message says it was
    given: no rank or kind of dtype inferred over the value flow says otherwise."""
    from jaxerr_ls.culprit_dtypes import Dtypes, dtype_kind
    from jaxerr_ls.culprit_ranks import Ranks

    printed = _REF_TYPE_RE.search(captures.get("given", ""))
    node = made.node
    if printed is None or not isinstance(node, ast.Call) or len(node.args) != 1:
        return False
    value = made.at(node.args[0])
    sizes = [s for s in printed[2].split(",") if s.strip()]
    rank = Ranks(flow).of(value)
    kind = Dtypes(flow).of(value)
    return (rank is None or rank == len(sizes)) and (kind is None or kind == dtype_kind(printed[1]))


def _same_rank(captures: Mapping[str, str]) -> bool:
    """Whether the given Ref and the one needed have as many axes (printed both)."""
    given = _REF_TYPE_RE.search(captures.get("given", ""))
    expected = re.search(r"\w+\[([\d,\s]*)\]", captures.get("expected", ""))
    if given is None or expected is None:
        return False
    ranks = [len([d for d in text.split(",") if d.strip()]) for text in (given[2], expected[1])]
    return ranks[0] == ranks[1]


def makes_ref(place: Place) -> bool:
    """A call that makes a Ref (``jax.new_ref(...)``, ``jax.ref.new_ref(...)``)."""
    node = place.node
    if not isinstance(node, ast.Call):
        return False
    qualified = place.model.qualified_name(node.func, place.scope) or ""
    return qualified.rsplit(".", 1)[-1] in ("new_ref", "empty_ref")


def _refs_entry_culprit(
    code: Code, captures: Mapping[str, str], frames: Sequence[Span]
) -> Found | None:
    position = ARG_POSITION_RE.search(captures.get("argument", ""))
    if position is None:
        return None
    index = int(position[1])
    found = ref_entry(code, frames, index)
    if found is None:
        return None
    value = found.value
    if isinstance(value.node, ast.Call) and not makes_ref(value) and _same_rank(captures):
        # ``g = grad_buffer(cfg)``: a project helper makes the Ref, of the argument's rank but
        # another size; the one ``new_ref`` it returns is where that size is chosen. (A Ref
        # that lacks an axis is the helper's own kind of value, handed over where it does not
        # fit: the call is the change.)
        from jaxerr_ls.culprit_flow import Flow as ValueFlow

        flow = ValueFlow(code, frames)
        made = flow.one_maker(value)
        if made is not None and made.node is not value.node and makes_ref(made):
            helper = defining_function(made.model, made.scope)
            # Not a helper other code relies on: it is right for them, the call differs.
            if helper is None or not flow.relied_on(helper):
                value = made
    span = code.span(value.path, value.node)
    text = ast.unparse(value.node)
    argument = f"args[{index}]"
    if "expected" in captures:
        why = (
            f"The gradient ref `{text}` made here has type {captures.get('given', '?')}, but "
            f"{argument} needs a Ref{{{captures['expected']}}}, the type of that argument."
        )
    elif is_dontwant_class(value):
        why = (
            f"`{text}` is the class, not an instance: with_refs skips {argument}'s "
            "gradient only for `jax.ad.DontWant()`."
        )
    else:
        why = (
            f"`{text}` is given to with_refs for the Ref-typed {argument}, whose gradient "
            "can only go into a gradient Ref (or be skipped with `jax.ad.DontWant()`)."
        )
    if not _not_failing(span, frames):
        return None
    return Found(span, CulpritKind.REFS_ARGUMENT, text if len(text) <= 60 else argument, why)


# -- Traced Python values under jit ------------------------------------------------------------


def traced_function(code: Code, captures: Mapping[str, str]) -> tuple[Path, Function] | None:
    """The function jit traced, from the message's "while tracing the function" sentence."""
    traced = _TRACED_RE.match(captures.get("traced", "").strip())
    if captures.get("transform") != "jit" or traced is None:
        return None
    path = code.files.resolve(traced["path"])
    if path is None:
        return None
    function = code.function_at(path, traced["name"], int(traced["line"]))
    return None if function is None else (path, function)


def traced_argument(
    code: Code, captures: Mapping[str, str]
) -> tuple[Path, Function, int, str] | None:
    """The function jit traced and the one argument the value depends on, from the message."""
    argument = captures.get("arguments", "").strip()
    item = _VARARG_ITEM_RE.match(argument)
    traced = traced_function(code, captures)
    if traced is None or not (_IDENTIFIER_RE.match(argument) or item):
        return None
    path, function = traced
    names = [p.name for p in function.positional]
    vararg = function.node.args.vararg
    if item is not None and vararg is not None and item["name"] == vararg.arg:
        # ``a[4]``: the fifth item of ``*a``, after the named positional parameters.
        return path, function, len(names) + int(item["index"]), argument
    if argument not in names:
        return None
    return path, function, names.index(argument), argument


def number_table_index(model: ModuleModel, node: ast.AST) -> ast.Name | None:
    """The name of ``RATES[i]``: a module list or tuple of numbers indexed by a computed
    value, which an array of the same numbers can take traced."""
    if not (
        isinstance(node, ast.Subscript)
        and isinstance(node.ctx, ast.Load)
        and isinstance(node.value, ast.Name)
        and not isinstance(node.slice, ast.Constant | ast.Slice | ast.Tuple)
    ):
        return None
    binding = model.module_scope.lookup(node.value.id)
    items = binding.value if binding is not None and binding.kind == "assign" else None
    if (
        isinstance(items, ast.List | ast.Tuple)
        and items.elts
        and all(isinstance(e, ast.Constant) and type(e.value) in (int, float) for e in items.elts)
    ):
        return node.value
    return None


def _indexes_number_table(code: Code, span: Span) -> bool:
    """Whether the failing line indexes a table of numbers: the value may then stay traced
    (index an array of the table), so marking it static is no sure change."""
    model = code.model(span.path)
    if model is None:
        return False
    return any(
        node.lineno <= span.line <= (node.end_lineno or node.lineno)
        and number_table_index(model, node) is not None
        for node in nodes_of(model.tree, ast.Subscript)
    )


def _positional_name(function: Function, index: int) -> str:
    """The name of the positional parameter at ``index``; "" past them (an item of ``*args``)."""
    return function.positional[index].name if index < len(function.positional) else ""


def _tested_number(code: Code, span: Span, traced: str) -> bool:
    """Whether the failing line tests the traced parameter ``traced`` of its function, which
    the function also computes with (``if step < warmup: return peak * (step + 1) / warmup``):
    a number the computation takes, traced by design, so the change belongs in the test
    (``jnp.where``), not in a ``static_argnums`` that would compile again for each of its
    values. Where the traced parameter's name is a parameter of the line's function, another
    one tested on the line (``if deterministic or rate == 0.0``) says nothing of it."""
    model = code.model(span.path)
    if model is None:
        return False
    enclosing = [
        f
        for f in model.functions.values()
        if not isinstance(f.node, ast.Lambda)
        and f.node.lineno <= span.line <= (f.node.end_lineno or f.node.lineno)
    ]
    if not enclosing:
        return False
    function = max(enclosing, key=lambda f: f.node.lineno)
    params = {p.name for p in function.positional}
    if traced in params:  # the traced value reaches the line under its name: only it counts
        params = {traced}
    tests = [
        node.test
        for node in own_statements(function.node)
        if isinstance(node, ast.If | ast.While) and node.test.lineno == span.line
    ]
    tested = {
        n.id for test in tests for n in ast.walk(test) if isinstance(n, ast.Name) and n.id in params
    }
    return any(reads_of(function, name).numeric for name in tested)


def _traced_field(
    code: Code, captures: Mapping[str, str]
) -> tuple[Path, Function, int, list[str]] | None:
    """The function jit traced, its parameter and the field chain of a dotted argument
    (``cfg.boundary``: ``cfg``, ``["boundary"]``)."""
    argument = captures.get("arguments", "").strip()
    matched = _FIELD_PATH_RE.match(argument)
    if matched is None:
        return None
    root, rest = matched[1], matched[2]
    found = traced_argument(code, {**captures, "arguments": root})
    if found is None:
        return None
    path, function, index, _ = found
    # ``.name`` an attribute, ``[1]`` a child's position (a class flattened without keys).
    return path, function, index, re.findall(r"\w+", rest)


def _field_culprit(code: Code, captures: Mapping[str, str], frames: Sequence[Span]) -> Found | None:
    """A traced field of a pytree argument: its registration as a leaf, or the one jit that
    traces a NamedTuple whose field holds a Python value."""
    from jaxerr_ls import culprit_leaves

    traced = _traced_field(code, captures)
    if traced is None or (frames and _indexes_number_table(code, frames[0])):
        return None
    path, function, index, chain = traced
    sites = jit_sites(code, path, function)
    flow = _Flow(code, frames)
    targets = _jit_names(sites[0]) if len(sites) == 1 else [function.node]
    passed = []
    for place, call in (item for target in targets for item in flow.calls_of(target)):
        given = _argument_at(call, function, index)
        if given is not None:
            passed.append(place.at(given))
    model = code.model(path)
    if model is None:
        return None
    at = Place(path, model, function.node, function.scope)
    cls = culprit_leaves.field_class(code, passed, function, index, at, chain)
    if cls is None:
        return None
    leaf = culprit_leaves.leaf_field(code, cls, chain[-1])
    argument = captures.get("arguments", "").strip()
    if leaf is None:
        return None
    if leaf.how == "named_tuple":
        # The whole argument is traced by design unless its field holds a Python value; a
        # declared static field or a registration says what the author meant either way.
        if len(sites) != 1 or not culprit_leaves.python_field(cls, chain[-1]):
            return None
        if frames and _tested_number(code, frames[0], _positional_name(function, index)):
            return None
        span = code.span(sites[0].path, sites[0].node)
        root = argument.split(".")[0]
        why = (
            f"`jax.jit` traces `{function.name}`'s argument `{root}` (a `{leaf.class_name}`), "
            f"whose field `{chain[-1]}` is a Python value that decides control flow or a "
            "shape: mark the argument static."
        )
        # Named by the parameter: the argument as a whole is what jit should keep static.
        found = Found(span, CulpritKind.TRACER_JIT_ARGUMENT, root, why)
    else:
        where = {
            "registration": "`data_fields`",
            "children": "the children its flatten returns",
        }.get(leaf.how, "its declaration")
        why = (
            f"`{leaf.class_name}.{leaf.attribute or chain[-1]}` is a leaf of the pytree "
            f"(by {where}), so "
            f"`jax.jit` traces `{argument}`, a Python value that decides control flow or a "
            "shape: make it a static field."
        )
        found = Found(leaf.span, CulpritKind.TRACER_PYTREE_FIELD, argument, why)
    return found if _not_failing(found.span, frames) else None


def _jit_argument_culprit(
    code: Code, captures: Mapping[str, str], frames: Sequence[Span]
) -> Found | None:
    several = _ARGUMENTS_RE.split(captures.get("arguments", "").strip())
    if len(several) > 1:
        # "the arguments cfg.win and cfg.hop": the one culprit every argument leads to.
        each = [_jit_argument_culprit(code, {**captures, "arguments": a}, frames) for a in several]
        first = each[0]
        if first is None or any(f is None or f.span != first.span for f in each):
            return None
        return first
    if "." in captures.get("arguments", ""):
        return _field_culprit(code, captures, frames)
    found = traced_argument(code, captures)
    if found is None and _FIELD_PATH_RE.match(captures.get("arguments", "").strip()):
        # ``sm[1]``: a child of a registered class (the item of a sequence finds no class).
        return _field_culprit(code, captures, frames)
    if frames and _indexes_number_table(code, frames[0]):
        return None
    if found is None:
        return _vmap_argument_culprit(code, frames) if "transform" not in captures else None
    path, function, index, argument = found
    sites = jit_sites(code, path, function)
    if len(sites) != 1:
        return None
    site = sites[0]
    flow = _Flow(code, frames)
    if not flow.python_value(function, index, _jit_names(site)):
        return None
    if frames and _tested_number(code, frames[0], _positional_name(function, index)):
        return None
    span = code.span(site.path, site.node)
    if not _not_failing(span, frames):
        return None
    why = (
        f"`jax.jit` traces `{function.name}`'s argument `{argument}`, a Python value that "
        "decides control flow or a shape: mark it static."
    )
    return Found(span, CulpritKind.TRACER_JIT_ARGUMENT, argument, why)


# Calls that take a count or a size as a positional argument.
_COUNTING = frozenset(
    {"range", "fori_loop", "arange", "zeros", "ones", "empty", "full", "eye", "split"}
)


def _vmap_argument_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    """A parameter the failing line reads that its function uses only as a count (``for _
    in range(n_steps)``), which ``jax.vmap``'s ``in_axes`` maps at the call on the traceback:
    each slice is traced, so no count. The ``vmap`` call is the culprit: map the data only
    (``in_axes`` None for the count, or bind it with ``functools.partial``). None where the
    parameter is also data (``v * v if v > 0``: the failing line's test is the fault)."""
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    if len(frames) < 2:
        return None
    span = frames[0]
    model = code.model(span.path)
    if model is None:
        return None
    enclosing = [
        f
        for f in model.functions.values()
        if f.node.lineno <= span.line <= (f.node.end_lineno or f.node.lineno)
    ]
    if not enclosing:
        return None
    function = max(enclosing, key=lambda f: (f.node.lineno, f.node.col_offset))
    params = {p.name for p in function.positional}
    read = {
        n.id: n
        for n in ast.walk(function.node)
        if isinstance(n, ast.Name)
        and isinstance(n.ctx, ast.Load)
        and n.id in params
        and n.lineno == span.line
    }
    parents = {id(c): n for n in ast.walk(function.node) for c in ast.iter_child_nodes(n)}

    def counted(name: str) -> bool:
        # Every read an argument of a call that takes a count (not an index: a traced
        # index picks from an array, and the list it indexes is then the fault).
        reads = [
            n
            for n in ast.walk(function.node)
            if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
        ]
        return bool(reads) and all(
            isinstance(parent := parents.get(id(n)), ast.Call)
            and any(a is n for a in parent.args)
            and _name_of(parent.func) in _COUNTING
            for n in reads
        )

    flow = ValueFlow(code, frames)
    found: list[tuple[str, Place]] = []
    for name, node in sorted(read.items()):
        if not counted(name):
            continue
        mapping = flow.mapping_of(Place(span.path, model, node, function.scope))
        if mapping is not None:
            found.append((name, mapping))
    if len(found) != 1:
        return None
    name, mapping = found[0]
    culprit = code.span(mapping.path, mapping.node)
    if not _not_failing(culprit, frames):
        return None
    why = (
        f"`jax.vmap` maps `{function.name}`'s argument `{name}`, a count: each slice is "
        "traced, so it cannot decide a loop or a shape; map the data only (`in_axes` None for "
        "it, or fix it with `functools.partial`)."
    )
    return Found(culprit, CulpritKind.TRACER_JIT_ARGUMENT, name, why)


# -- Loops under reverse mode ------------------------------------------------------------------


def _loop_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    loops = []
    for span in frames:
        for model, call, scope in code.calls_on(span):
            api = model.qualified_name(call.func, scope)
            if api in _LOOPS:
                loops.append((Place(span.path, model, call, scope), _LOOPS[api]))
            elif api is not None and api in library().while_loops:
                # A library function that runs a while_loop inside (by the library tables).
                loops.append((Place(span.path, model, call, scope), api.rpartition(".")[2]))
    if not loops:
        return _loop_in_differentiated(code, frames)
    if len({id(place.node) for place, _ in loops}) != 1:
        return None
    place, loop = loops[0]
    loop_call = place.node
    assert isinstance(loop_call, ast.Call)
    span = code.span(place.path, loop_call)
    if loop == "while_loop":
        why = (
            "`while_loop` runs a number of iterations decided by traced values, which reverse "
            "mode cannot differentiate: iterate a fixed count with fori_loop or scan."
        )
        found: Found | None = Found(span, CulpritKind.LOOP_BOUNDS, loop, why)
    elif loop != "fori_loop":
        why = (
            f"`{loop}` runs a `while_loop` with these arguments, which reverse mode cannot "
            "differentiate: choose a method of it that does not iterate to convergence, or "
            "differentiate it in forward mode."
        )
        found = Found(span, CulpritKind.LOOP_BOUNDS, loop, why)
    else:
        found = _fori_bounds_culprit(code, frames, place, loop_call)
    if found is None or not _not_failing(found.span, frames):
        return None
    return found


# Transforms that differentiate in reverse mode the function they are given first.
_REVERSE = frozenset({"jax.grad", "jax.value_and_grad", "jax.vjp", "jax.jacrev"})


def _loop_in_differentiated(code: Code, frames: Sequence[Span]) -> Found | None:
    """Reverse mode fails on a loop its backward pass meets, where the traceback keeps only
    the failing call: in the function that call differentiates (``jax.jit(jax.grad(f))``, an
    instance's method) and the project functions it calls (through ``jax.vmap``), the one
    library call that runs a ``while_loop`` (by the library tables:
    ``jax.scipy.linalg.polar`` with its default method), where it is written: its method is
    the change."""
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    if not frames:
        return None
    found: list[tuple[Place, Function, ast.expr, str | None]] = []
    for model, call, scope in code.calls_on(frames[0]):
        made = _through_compiling(
            code, code.resolve(Place(frames[0].path, model, call.func, scope))
        )
        transform = made.node
        if not isinstance(transform, ast.Call) or not transform.args:
            continue
        if made.model.qualified_name(transform.func, made.scope) not in _REVERSE:
            continue
        function = code.resolve(made.at(transform.args[0]))
        wrapped = function.model.functions.get(function.node)
        if wrapped is None:
            # ``jax.grad(body.energy)``: the method an instance of a project class runs.
            callees = ValueFlow(code, frames).callees(made.at(transform.args[0]))
            if len(callees) == 1:
                function, wrapped = callees[0].place, callees[0].function
        if wrapped is not None:
            ops = _applying(code, function, wrapped, "while", 0)
            found += [(function, wrapped, *op) for op in ops]
    if len({id(operation) for _, _, operation, _ in found}) != 1:
        return None
    function, wrapped, operation, through = found[0]
    for _ in range(_LOWERING_DEPTH):
        # Through the project helpers to the library call itself: its method is the change.
        if through is None or not isinstance(operation, ast.Call):
            break
        callee = _through_compiling(
            code, code.resolve(Place(function.path, function.model, operation.func, wrapped.scope))
        )
        inner = callee.model.functions.get(callee.node)
        below = [] if inner is None else _applying(code, callee, inner, "while", 0)
        if inner is None or len(below) != 1:
            break
        function, wrapped, (operation, through) = callee, inner, below[0]
    span = code.span(function.path, operation)
    if not _not_failing(span, frames):
        return None
    name = _name_of(operation.func) if isinstance(operation, ast.Call) else None
    runs = f"runs `{through}`, which runs" if through is not None else "runs"
    why = (
        f"`{ast.unparse(operation)}` {runs} a `while_loop`, which reverse mode cannot "
        "differentiate: choose a method that does not iterate to convergence, or "
        "differentiate it in forward mode."
    )
    return Found(span, CulpritKind.LOOP_BOUNDS, name or "while_loop", why)


def _fori_bounds_culprit(
    code: Code, frames: Sequence[Span], place: Place, call: ast.Call
) -> Found | None:
    """The jit whose traced parameter reaches the fori_loop's bounds, through the traceback's
    calls."""
    bounds = [b for b in call.args[:2] if not _is_literal(b)]
    if len(call.args) < 2 or len(bounds) != 1:
        return None
    flow = _Flow(code, frames)
    bound = code.resolve(place.at(bounds[0]))
    jax_call = _jax_computation(bound)
    if jax_call is None:
        # A project helper computes the bound (``num_steps(t_final, dt)``): its one return.
        returned = _one_return(code, bound)
        jax_call = _jax_computation(returned) if returned is not None else None
        if jax_call is not None and returned is not None:
            text = ast.unparse(bounds[0])
            why = (
                f"The loop bound `{text}` is computed here with `{jax_call}`, so under a "
                "transform it is traced: reverse mode needs static bounds, computed with "
                "Python (`math.ceil`, `int`)."
            )
            span = code.span(returned.path, returned.node)
            return Found(span, CulpritKind.LOOP_BOUNDS, text, why)
    if jax_call is not None:
        text = ast.unparse(bounds[0])
        why = (
            f"The loop bound `{text}` is computed with `{jax_call}`, so under a transform it "
            "is traced: reverse mode needs static bounds, computed with Python (`round`, `int`)."
        )
        return Found(code.span(bound.path, bound.node), CulpritKind.LOOP_BOUNDS, text, why)
    child = _child_bound(code, frames, place.at(bounds[0]))
    if child is not None:
        return child
    start = _parameter_of(bound)
    if start is None:
        return None
    function, index = start
    for _ in range(_MAX_STEPS):
        # The parameter's value comes from a call in the traceback: follow it outwards.
        passed = [(p, _argument_at(c, function, index)) for p, c in flow.calls_of(function.node)]
        if len(passed) != 1 or passed[0][1] is None:
            break
        caller, expression = passed[0]
        assert expression is not None
        outer = _parameter_of(code.resolve(caller.at(expression)))
        if outer is None:
            break  # made here (``exp["horizon"]``): the jit, if any, is this function's
        function, index = outer
    path = _path_of(code, frames, function)
    if path is None:
        return None
    sites = jit_sites(code, path, function)
    if len(sites) != 1 or not flow.python_value(function, index, _jit_names(sites[0])):
        return None
    site = sites[0]
    name = function.positional[index].name
    why = (
        f"`jax.jit` traces `{function.name}`'s argument `{name}`, which becomes the bound of "
        "a fori_loop: reverse mode needs static bounds, so mark it static."
    )
    return Found(code.span(site.path, site.node), CulpritKind.LOOP_BOUNDS, name, why)


def _child_bound(code: Code, frames: Sequence[Span], bound: Place) -> Found | None:
    """A bound read from an attribute of an object (``grid.n_steps``) whose one project class
    is a registered pytree whose flatten returns that attribute among its children: a child is
    a leaf, traced under jit, so the flatten is where it belongs in the auxiliary data."""
    from jaxerr_ls import culprit_leaves
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    node = bound.node
    if not isinstance(node, ast.Attribute):
        return None
    instances = ValueFlow(code, frames).instances(bound.at(node.value))
    classes = {id(cls.node): cls for cls, _ in instances or []}
    if len(classes) != 1:
        return None
    [cls] = classes.values()
    leaf = culprit_leaves.leaf_field(code, cls, node.attr)
    if leaf is None or leaf.how != "children":
        return None
    text = ast.unparse(node)
    why = (
        f"`{leaf.class_name}`'s flatten returns `{node.attr}` among its children, so under jit "
        f"the loop bound `{text}` is a traced leaf: reverse mode needs static bounds, so keep "
        "it in the auxiliary data."
    )
    return Found(leaf.span, CulpritKind.LOOP_BOUNDS, text, why)


def _one_return(code: Code, place: Place) -> Place | None:
    """What the project function a call calls gives back, where it has one ``return``."""
    if not isinstance(place.node, ast.Call):
        return None
    callee = code.resolve(place.at(place.node.func))
    function = callee.model.functions.get(callee.node)
    if function is None:
        return None
    returns = function.returns
    if len(returns) != 1 or returns[0].value is None:
        return None
    return Place(callee.path, callee.model, returns[0].value, function.scope)


def _jax_computation(place: Place) -> str | None:
    """The ``jax.numpy`` / ``jax.lax`` function an expression is computed with (its
    outermost such call), which makes its value a tracer under any transform."""
    if not isinstance(place.node, ast.expr):
        return None
    for node in ast.walk(place.node):
        if isinstance(node, ast.Call):
            name = place.model.qualified_name(node.func, place.scope) or ""
            if name.startswith(("jax.numpy.", "jax.lax.")):
                return ast.unparse(node.func)
    return None


def _path_of(code: Code, frames: Sequence[Span], function: Function) -> Path | None:
    for span in frames:
        model = code.model(span.path)
        if model is not None and model.functions.get(function.node) is function:
            return span.path
    return None


# -- checkpoint, custom_linear_solve, custom_vjp --------------------------------------------


def checkpoint_static_argnums(code: Code, frames: Sequence[Span], value: str) -> Place | None:
    """The ``static_argnums=`` of the one ``jax.checkpoint`` / ``jax.remat`` that the failing
    line's calls reach, whose value is what the message printed."""
    candidates: dict[int, Place] = {}
    for span in frames[:1]:
        for model, call, scope in code.calls_on(span):
            made = code.resolve(Place(span.path, model, call.func, scope))
            keyword = _static_argnums_of(code, made, value)
            if keyword is not None:
                candidates[id(keyword.node)] = keyword
    return next(iter(candidates.values())) if len(candidates) == 1 else None


def _static_argnums_of(code: Code, made: Place, value: str) -> Place | None:
    """``static_argnums`` given to ``jax.checkpoint`` where a callable was made, by a call or
    as a decorator: the expression written there, or the one its name was assigned (a module
    constant ``REMAT_STATIC = [2]``), whichever is the value the message printed."""
    expressions: list[tuple[ast.expr, Scope]] = []
    if isinstance(made.node, ast.Call):
        expressions.append((made.node, made.scope))
    elif isinstance(made.node, ast.FunctionDef | ast.AsyncFunctionDef):
        function = made.model.functions.get(made.node)
        outer = function.scope.parent if function is not None else None
        expressions += [(d, outer or made.scope) for d in made.node.decorator_list]
    for expression, scope in expressions:
        if not isinstance(expression, ast.Call):
            continue
        api = made.model.qualified_name(expression.func, scope)
        if api == "functools.partial" and expression.args:
            api = made.model.qualified_name(expression.args[0], scope)
        if api not in ("jax.checkpoint", "jax.remat"):
            continue
        for keyword in expression.keywords:
            if keyword.arg != "static_argnums":
                continue
            given = Place(made.path, made.model, keyword.value, scope)
            for place in (given, code.resolve(given)):
                if isinstance(place.node, ast.expr) and _same_value(place.node, value):
                    return place
    return None


def _same_value(node: ast.expr, printed: str) -> bool:
    try:
        return ast.unparse(node).replace(" ", "") == printed.strip().replace(" ", "")
    except (ValueError, RecursionError):
        return False


def _checkpoint_culprit(
    code: Code, captures: Mapping[str, str], frames: Sequence[Span]
) -> Found | None:
    found = checkpoint_static_argnums(code, frames, captures.get("value", ""))
    if found is None:
        return None
    text = ast.unparse(found.node)
    why = (
        f"`static_argnums={text}` is not an int or a tuple of ints, which is all "
        "jax.checkpoint takes."
    )
    span = _span_off_failing(code, found, frames)
    if span is None:
        return None
    return Found(span, CulpritKind.CHECKPOINT_STATIC_ARGNUMS, "static_argnums", why)


def linear_solve_call(code: Code, frames: Sequence[Span]) -> Place | None:
    """The one ``custom_linear_solve`` call of the traceback without a transpose."""
    found: dict[int, Place] = {}
    for span in frames:
        for model, call, scope in code.calls_on(span):
            if model.qualified_name(call.func, scope) != "jax.lax.custom_linear_solve":
                continue
            keywords = {k.arg: k.value for k in call.keywords}
            symmetric = keywords.get("symmetric")
            if "transpose_solve" in keywords or len(call.args) > 4:
                continue
            if symmetric is not None and not (
                isinstance(symmetric, ast.Constant) and symmetric.value is False
            ):
                continue
            found[id(call)] = Place(span.path, model, call, scope)
    return next(iter(found.values())) if len(found) == 1 else None


def _linear_solve_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    found = linear_solve_call(code, frames)
    if found is None:
        return None
    span = code.span(found.path, found.node)
    why = (
        "This `custom_linear_solve` has no `transpose_solve` (nor `symmetric=True`), which "
        "reverse mode needs to solve the transposed system."
    )
    if not _not_failing(span, frames):
        return None
    return Found(span, CulpritKind.CUSTOM_LINEAR_SOLVE_CALL, "custom_linear_solve", why)


# Keywords of ``jax.pure_callback`` that configure it rather than pass the callback a value.
_CALLBACK_OPTIONS = frozenset({"sharding", "vmap_method", "vectorized"})


def _callback_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    """The one ``jax.pure_callback`` call on the traceback's lines (the stack JAX shows
    "before transformation" reaches it), when the error surfaced on another line (the
    ``scan`` or ``grad`` call that traced it): JAX cannot differentiate what it runs."""
    found: dict[int, Place] = {}
    for span in frames:
        for model, call, scope in code.calls_on(span):
            if model.qualified_name(call.func, scope) == "jax.pure_callback":
                found[id(call)] = Place(span.path, model, call, scope)
    only = _only_place(code, found, frames)
    if only is None and len(found) == 1 and _steps(code, next(iter(found.values()))):
        # On the failing line, a host function whose result is a step function of what it is
        # given (ranks, an AUC): its derivative is zero wherever it has one, so the values
        # need ``stop_gradient``, not a rule. Where the function around the callback only
        # hands it its caller's values, the caller is where they are handed over.
        place = next(iter(found.values()))
        assert isinstance(place.node, ast.Call)
        given = [
            *place.node.args[2:],
            *(k.value for k in place.node.keywords if k.arg not in _CALLBACK_OPTIONS),
        ]
        role = "an argument of the failing `jax.pure_callback`"
        return handed_value_culprit(code, frames, place, given, (), role)
    if only is None:
        return None
    place, span = only
    assert isinstance(place.node, ast.Call)
    host = ast.unparse(place.node.args[0]) if place.node.args else "a host function"
    why = (
        f"This `jax.pure_callback` runs `{host}` outside JAX, which cannot differentiate "
        "through it: give it a custom rule (`jax.custom_jvp`, `jax.custom_vjp`), or compute "
        "it with jax.numpy."
    )
    return Found(span, CulpritKind.PURE_CALLBACK_CALL, "pure_callback", why)


def _steps(code: Code, callback: Place) -> bool:
    """Whether the host function a ``jax.pure_callback`` call runs (a project function)
    computes a step function of its input: it calls a function that makes integers or
    booleans out of floats (``np.argsort``, ``np.argmax``, ``np.searchsorted``), a ranking or
    a count, whose derivative is zero wherever it has one."""
    call = callback.node
    if not isinstance(call, ast.Call) or not call.args:
        return False
    host = code.resolve(callback.at(call.args[0]))
    function = host.model.functions.get(host.node)
    if function is None:
        return False
    tables = library()
    for node in ast.walk(function.node):
        if not isinstance(node, ast.Call):
            continue
        name = host.model.qualified_name(node.func, function.scope)
        if name is not None and tables.dtype_of_call(name, "float") in ("int", "bool"):
            return True
    return False


def _only_place(
    code: Code, found: Mapping[int, Place], frames: Sequence[Span]
) -> tuple[Place, Span] | None:
    """The one place found, with its span, unless several were or it is the failing line."""
    if len(found) != 1:
        return None
    place = next(iter(found.values()))
    span = _span_off_failing(code, place, frames)
    return (place, span) if span is not None else None


def _found_once(
    code: Code,
    found: Mapping[int, Place],
    frames: Sequence[Span],
    kind: CulpritKind,
    name: str,
    why: str,
) -> Found | None:
    """The culprit at the one place found (see ``_only_place``)."""
    only = _only_place(code, found, frames)
    return Found(only[1], kind, name, why) if only is not None else None


def _free_parameters(function: Function, factory: Function) -> list[str]:
    """Parameters of ``factory`` that ``function`` (defined in it) reads."""
    params = {p.name for p in factory.params}
    own = set(function.scope.bindings)
    return sorted(
        {
            n.id
            for n in ast.walk(function.node)
            if isinstance(n, ast.Name)
            and isinstance(n.ctx, ast.Load)
            and n.id in params
            and n.id not in own
        }
    )


def _closure_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    """The factory call that hands a traced value to a custom_vjp function it defines."""
    found: dict[int, Found] = {}
    for span in frames:
        for model, call, scope in code.calls_on(span):
            made = code.resolve(Place(span.path, model, call.func, scope))
            if not isinstance(made.node, ast.Call):
                continue
            factory_place = code.resolve(made.at(made.node.func))
            factory = factory_place.model.functions.get(factory_place.node)
            if factory is None:
                continue
            for custom in factory_place.model.custom_functions:
                if custom.kind != "jax.custom_vjp" or custom.primal.scope.parent is not (
                    factory.scope
                ):
                    continue
                if not any(
                    r.value is not None and ast.unparse(r.value) == custom.primal.name
                    for r in factory.returns
                ):
                    continue
                closed = _free_parameters(custom.primal, factory)
                if len(closed) != 1:
                    continue
                names = [p.name for p in factory.positional]
                if closed[0] not in names:
                    continue
                passed = _argument_at(made.node, factory, names.index(closed[0]))
                if passed is None or _is_literal(passed):
                    continue
                text = ast.unparse(passed)
                why = (
                    f"`{custom.primal.name}` closes over `{closed[0]}`, given `{text}` here: "
                    "custom_vjp differentiates only its explicit arguments, so pass it as one."
                )
                culprit = Found(
                    code.span(made.path, passed), CulpritKind.CUSTOM_VJP_CLOSURE, closed[0], why
                )
                found[id(passed)] = culprit
    if not found:
        leaked = _self_attribute_leaks(code, frames)
        return leaked if leaked is not None and _not_failing(leaked.span, frames) else None
    if len(found) != 1:
        return None
    culprit = next(iter(found.values()))
    return culprit if _not_failing(culprit.span, frames) else None


def _self_attribute_leaks(code: Code, frames: Sequence[Span]) -> Found | None:
    """A custom_vjp function defined in a method that reads ``self.attr``, which another
    method of the class sets to a computed value (``self.cache = h``): that value, traced
    when the method runs under a transform, reaches the function as a closed-over value.
    The assignment is the culprit, when it is the class's only one of a computed value and
    the project's custom_vjp functions have no other such read."""
    own = [*dict.fromkeys(s.path for s in frames)]
    paths = [*own, *code.files.files_near("custom_vjp", own)]
    found: dict[int, Found] = {}
    for path, model in code.models(paths):
        for custom in model.custom_functions:
            if custom.kind != "jax.custom_vjp":
                continue
            for leak in _closed_self_reads(model, custom.primal):
                found[id(leak[1])] = _leak_found(code, path, custom.primal.name, *leak)
    return next(iter(found.values())) if len(found) == 1 else None


def _closed_self_reads(
    model: ModuleModel, primal: Function
) -> Iterator[tuple[Function, ast.Assign | ast.AnnAssign, str]]:
    """``self.attr`` read in a function nested in a method, with ``self`` the method's, and
    the one assignment of a computed value to that attribute in the class's methods."""
    method = model.functions.get(primal.scope.parent.node) if primal.scope.parent else None
    if method is None or method.owner is None or not method.positional:
        return
    this = method.positional[0].name
    if this in primal.scope.bindings:
        return
    attrs = {
        node.attr
        for node in ast.walk(primal.node)
        if isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Load)
        and isinstance(node.value, ast.Name)
        and node.value.id == this
        and not _is_method_of(method.owner, node.attr)
    }
    for attr in sorted(attrs):
        assigned = [
            (other, statement)
            for other in model.functions.values()
            if other.owner is method.owner and other.positional
            for statement in own_statements(other.node)
            if isinstance(statement, ast.Assign | ast.AnnAssign)
            and statement.value is not None
            and not _is_literal(statement.value)
            and any(
                _is_self_attribute(t, other.positional[0].name, attr) for t in _targets(statement)
            )
        ]
        if len(assigned) == 1:
            yield assigned[0][0], assigned[0][1], attr


def _is_method_of(cls: ast.ClassDef, name: str) -> bool:
    return any(
        isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name == name
        for item in cls.body
    )


def _leak_found(
    code: Code,
    path: Path,
    primal: str,
    method: Function,
    statement: ast.Assign | ast.AnnAssign,
    attr: str,
) -> Found:
    value = ast.unparse(statement.value) if statement.value is not None else "?"
    why = (
        f"`{primal}` reads `self.{attr}`, which `{method.name}` sets to `{value}` here: under "
        "a transform that is a traced value closed over by a custom_vjp function, which "
        "differentiates only its explicit arguments, so pass it as one."
    )
    return Found(code.span(path, statement), CulpritKind.CUSTOM_VJP_CLOSURE, attr, why)


def forward_transform(code: Code, frames: Sequence[Span]) -> tuple[Place, str] | None:
    """The one forward-mode transform applied on the traceback's lines."""
    found: dict[int, tuple[Place, str]] = {}
    for span in frames:
        for model, call, scope in code.calls_on(span):
            path = span.path
            callee = code.resolve(Place(span.path, model, call.func, scope))
            if isinstance(callee.node, ast.Call):
                path, model, call, scope = callee.path, callee.model, callee.node, callee.scope
            api = model.qualified_name(call.func, scope)
            if api in _FORWARD_MODE:
                found[id(call)] = (Place(path, model, call, scope), api)
    return next(iter(found.values())) if len(found) == 1 else None


def _forward_transform_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    found = forward_transform(code, frames)
    if found is None:
        return None
    place, api = found
    span = _span_off_failing(code, place, frames)
    if span is None:
        return None
    short = api.removeprefix("jax.")
    why = (
        f"`jax.{short}` {_FORWARD_MODE[api]}, and forward mode cannot pass through a "
        "custom_vjp function, which has only a reverse-mode rule."
    )
    return Found(span, CulpritKind.CUSTOM_VJP_FORWARD_TRANSFORM, short, why)


# -- complex outputs ---------------------------------------------------------------------------

# jax.numpy functions that make complex values from real ones, and those that make real
# values from complex ones.
_COMPLEX_MAKERS = frozenset(
    {"fft", "ifft", "rfft", "fft2", "ifft2", "rfft2", "fftn", "ifftn", "rfftn"}
)
_REAL_MAKERS = frozenset({"abs", "absolute", "real", "imag", "angle", "irfft", "irfft2", "irfftn"})
_REDUCERS = frozenset({"sum", "mean", "prod", "nansum", "nanmean", "vdot", "dot"})
_DIFFERENTIATING = frozenset({"jax.grad", "jax.value_and_grad"})
_PASSING = frozenset({"jax.jit", "jax.checkpoint", "jax.remat"})
# Transforms whose result takes the wrapped function's parameters and gives its outputs'
# dtypes (batched, for ``vmap``).
_WRAPPING = TRANSPARENT | {"jax.vmap"}
# Functions that square their argument item by item (no conjugate taken).
_SQUARING = frozenset({"jax.numpy.square", "numpy.square"})
# Passes over a function's assignments to find the names bound to complex values.
_COMPLEX_PASSES = 4


@dataclass
class Complexity:
    """Which values of the project's functions are complex, by a small forward analysis:
    a complex literal or an FFT makes one, ``abs`` / ``real`` / ``imag`` / ``angle`` end it,
    arithmetic, reductions and other jax.numpy functions keep it, and calls of project
    functions carry it through their parameters to their ``return``."""

    code: Code
    # Returns whose value is complex and reduces a complex operand (where a loss is made).
    reducing: dict[int, tuple[Path, ast.Return]]
    depth: int = 0
    # What made complex values on the way: each FFT call (with its path), else a literal, a
    # complex dtype or a conversion (None), by node.
    origins: dict[int, tuple[Path, ast.AST] | None] = field(default_factory=dict)
    # The value flow, to follow calls of callables held by parameters and instances
    # (``blur(image)`` with ``blur`` a ``Blur`` whose ``__call__`` runs).
    flow: Flow | None = None
    # Returns that square a complex value without reducing it (``return spec * spec``): a
    # power or an energy meant as the squared magnitude.
    squaring: dict[int, tuple[Path, ast.Return]] = field(default_factory=dict)
    # Returns that multiply a complex value by its own conjugate (``h * jnp.conj(h)``): the
    # squared magnitude, real in value but of a complex dtype still.
    conjugated: dict[int, tuple[Path, ast.Return]] = field(default_factory=dict)

    def function(self, place: Place, complex_params: set[str]) -> bool:
        """Whether a project ``def`` returns a complex value, given its complex parameters."""
        function = place.model.functions.get(place.node)
        if function is None or self.depth > 4:
            return False
        self.depth += 1
        try:
            if isinstance(function.node, ast.Lambda):
                body = Place(place.path, place.model, function.node.body, function.scope)
                return self.of(body, set(complex_params))
            env = self.names(place, complex_params)
            result = False
            for ret in function.returns:
                if ret.value is None:
                    continue
                value = Place(place.path, place.model, ret.value, function.scope)
                if self.of(value, env):
                    result = True
                    if self._reduces_complex(value, env):
                        self.reducing[id(ret)] = (place.path, ret)
                    elif _squares(value, ret.value):
                        self.squaring[id(ret)] = (place.path, ret)
                    elif _by_conjugate(value, ret.value):
                        self.conjugated[id(ret)] = (place.path, ret)
            return result
        finally:
            self.depth -= 1

    def names(self, place: Place, complex_params: set[str]) -> set[str]:
        """The names a ``def`` binds to complex values (its complex parameters among them)."""
        function = place.model.functions.get(place.node)
        env = set(complex_params)
        if function is None:
            return env
        assignments = [s for s in own_statements(function.node) if isinstance(s, ast.Assign)]
        # To a fixed point: a name a loop reassigns (``m = m @ layer(...)``) or unpacks
        # (``b, c = m @ v``) is complex wherever one of its makers is, in any order.
        for _ in range(_COMPLEX_PASSES):
            before = len(env)
            for statement in assignments:
                if self.of(Place(place.path, place.model, statement.value, function.scope), env):
                    env |= {
                        n.id
                        for t in statement.targets
                        for n in ([t] if isinstance(t, ast.Name) else getattr(t, "elts", []))
                        if isinstance(n, ast.Name)
                    }
            if len(env) == before:
                break
        return env

    def _made_complex_elsewhere(self, place: Place) -> bool:
        """Whether a name the function does not bind itself (a module constant, a parameter
        given at a call) holds a complex value: what the value flow finds made it
        (``I2 = jnp.eye(2, dtype=jnp.complex64)``, ``X = -1j * SX`` handed at the call). A
        function's own assignments are its ``env``'s; the module's are asked here too."""
        assert isinstance(place.node, ast.Name)
        binding = place.scope.lookup(place.node.id)
        local = (
            binding is not None
            and binding.kind == "assign"
            and binding.scope is place.scope
            and place.scope.node in place.model.functions
        )
        if self.flow is None or local or self.depth > 4:
            return False
        made = self.flow.one_maker(place)
        if made is None or made.node is place.node or not isinstance(made.node, ast.expr):
            return False
        self.depth += 1
        try:
            return self.of(made, set())
        finally:
            self.depth -= 1

    def of(self, place: Place, env: set[str]) -> bool:
        node = place.node

        def sub(child: ast.expr) -> bool:
            return self.of(place.at(child), env)

        if isinstance(node, ast.Constant):
            if isinstance(node.value, complex):
                self.origins[id(node)] = None
            return isinstance(node.value, complex)
        if isinstance(node, ast.Name):
            return node.id in env or self._made_complex_elsewhere(place)
        # Every operand is read (no short circuit): the origins of all complex values count.
        if isinstance(node, ast.BinOp):
            return any([sub(node.left), sub(node.right)])
        if isinstance(node, ast.UnaryOp):
            return sub(node.operand)
        if isinstance(node, ast.Subscript):
            return sub(node.value)
        if isinstance(node, ast.List | ast.Tuple):
            # ``jnp.stack([re, 1j * im])``: a container holds what its elements hold.
            return any([sub(e) for e in node.elts])
        if isinstance(node, ast.Attribute):
            if node.attr in ("real", "imag", "shape", "ndim", "size"):
                return False
            if sub(node.value):
                return True
            # ``self.otf``: what the assignment the value flow finds made it.
            made = self.flow.one_maker(place) if self.flow is not None else None
            return made is not None and made.node is not node and self.of(made, set())
        if not isinstance(node, ast.Call):
            return False
        name = place.model.qualified_name(node.func, place.scope) or ""
        last = name.rsplit(".", 1)[-1]
        # What the real function returns for a complex input (the library tables).
        measured = library().dtype_of_call(name, "complex") if name.startswith("jax.") else None
        if measured is not None and measured != "complex":
            return False  # ``jnp.abs``, ``jnp.angle``: a real value of a complex one
        if name.startswith("jax.numpy."):
            if last in _REAL_MAKERS:
                return False
            if any(k.arg == "dtype" and self._complex_dtype(place, k.value) for k in node.keywords):
                self.origins[id(node)] = None
                return True
            if last in _COMPLEX_MAKERS:
                self.origins[id(node)] = (place.path, node)
            return any([last in _COMPLEX_MAKERS, *[sub(a) for a in node.args]])
        if measured == "complex" and not name.startswith("jax.numpy."):
            # ``jax.nn.softmax(z)``, ``jax.scipy.special.logsumexp(z)``: complex in, complex out.
            return any([sub(a) for a in node.args])
        if name.startswith("jax.") and last not in _REAL_MAKERS and library().elementwise(name):
            # ``jax.nn.gelu(z)``, ``jax.lax.mul(a, b)``: item by item, as its operands are.
            return any([sub(a) for a in node.args])
        if isinstance(node.func, ast.Attribute) and not name:
            if node.func.attr == "astype" and node.args:
                converted = self._complex_dtype(place, node.args[0])
                if converted:
                    self.origins[id(node)] = None
                return converted
            found = self.flow.callees(place.at(node.func)) if self.flow is not None else []
            if len(found) != 1 or found[0].partial is not None:
                # A method of a value (``x.sum()``, ``x.conj()``): complex as the value is.
                return node.func.attr not in _REAL_MAKERS and sub(node.func.value)
            # Else a method of a project instance (``field.intensity(a)``): run below.
        callee = self.code.resolve(place.at(node.func))
        for _ in range(_MAX_STEPS):
            # ``spectrum = jax.vmap(reflection, ...)``: the call runs the wrapped function, its
            # parameters in the same places.
            wrapper = callee.node
            if not (
                isinstance(wrapper, ast.Call)
                and wrapper.args
                and callee.model.qualified_name(wrapper.func, callee.scope) in _WRAPPING
            ):
                break
            callee = self.code.resolve(callee.at(wrapper.args[0]))
        function = callee.model.functions.get(callee.node)
        skip = 0
        if function is None and self.flow is not None:
            found = self.flow.callees(place.at(node.func))
            if len(found) != 1 or found[0].partial is not None:
                return False
            self.flow.enter(found[0], place)
            callee, function, skip = found[0].place, found[0].function, found[0].skip
        if function is None:
            return False
        if self.flow is not None and skip == 0:
            # Its parameters hold what this call passes (a callable object, say).
            from jaxerr_ls.culprit_flow import Callee

            self.flow.enter(Callee(callee, function), place)
        params = [p.name for p in function.positional][skip:]
        passed = {params[i] for i, a in enumerate(node.args[: len(params)]) if sub(a)}
        passed |= {k.arg for k in node.keywords if k.arg in params and sub(k.value)}
        return self.function(callee, passed)

    @staticmethod
    def _complex_dtype(place: Place, node: ast.expr) -> bool:
        """``jnp.complex64``, ``np.complex128``, ``complex`` or ``"complex64"``."""
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str) and node.value.startswith("complex")
        name = place.model.qualified_name(node, place.scope) or ""
        if isinstance(node, ast.Name) and name in ("", "complex"):
            return node.id == "complex" and place.scope.lookup("complex") is None
        return name.rsplit(".", 1)[-1].startswith("complex")

    def _reduces_complex(self, place: Place, env: set[str]) -> bool:
        for node in ast.walk(place.node):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
                # ``psi.conj() @ h @ psi`` contracts like ``vdot``.
                operands = [node.left, node.right]
                if any(self.of(place.at(o), env) for o in operands):
                    return True
                continue
            if not isinstance(node, ast.Call) or (
                not node.args and not isinstance(node.func, ast.Attribute)
            ):
                continue
            name = place.model.qualified_name(node.func, place.scope) or ""
            last = name.rsplit(".", 1)[-1] if name else getattr(node.func, "attr", "")
            if last not in _REDUCERS:
                continue
            operands = node.args if name else [getattr(node.func, "value", node)]
            if any(self.of(place.at(o), env) for o in operands):
                return True
        return False


def _squares(place: Place, value: ast.expr | None) -> bool:
    """``x * x``, ``x ** 2`` or ``jnp.square(x)``: a value multiplied by itself, not by its
    conjugate."""
    if isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords:
        return place.model.qualified_name(value.func, place.scope) in _SQUARING
    if not isinstance(value, ast.BinOp):
        return False
    if isinstance(value.op, ast.Pow):
        return isinstance(value.right, ast.Constant) and value.right.value == 2
    return isinstance(value.op, ast.Mult) and ast.dump(value.left) == ast.dump(value.right)


_CONJUGATES = frozenset({"conj", "conjugate"})


def _by_conjugate(place: Place, value: ast.expr | None) -> bool:
    """``x * jnp.conj(x)``, ``x.conj() * x``: a value multiplied by its own conjugate."""
    if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult)):
        return False

    def conjugated(node: ast.expr) -> ast.expr | None:
        if not isinstance(node, ast.Call) or node.keywords:
            return None
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in _CONJUGATES and not node.args:
            name = place.model.qualified_name(func, place.scope)
            return func.value if name is None else None  # a method of the value
        name = place.model.qualified_name(func, place.scope) or ""
        if len(node.args) == 1 and name.startswith(("jax.numpy.", "numpy.")):
            return node.args[0] if name.rsplit(".", 1)[-1] in _CONJUGATES else None
        return None

    for one, other in ((value.left, value.right), (value.right, value.left)):
        inner = conjugated(other)
        if inner is not None and ast.dump(inner) == ast.dump(one):
            return True
    return False


def differentiated_function(code: Code, frames: Sequence[Span]) -> Place | None:
    """The one ``def`` given to ``jax.grad`` / ``jax.value_and_grad`` (maybe under
    ``jax.jit``) that the failing line's calls apply."""
    found = _differentiated_call(code, frames)
    return found[0] if found is not None else None


def _differentiated_call(
    code: Code, frames: Sequence[Span]
) -> tuple[Place, Place, Place | None] | None:
    """``differentiated_function``, the call on the failing line that applies it, and the
    ``functools.partial`` it is differentiated through (None without one)."""
    found: dict[int, tuple[Place, Place, Place | None]] = {}
    for model, call, scope in code.calls_on(frames[0]) if frames else ():
        made = passed_value(code, frames, Place(frames[0].path, model, call.func, scope))
        differentiated = False
        partial: Place | None = None
        for _ in range(_MAX_STEPS):
            node = made.node
            if not isinstance(node, ast.Call) or not node.args:
                break
            api = made.model.qualified_name(node.func, made.scope)
            if api == "functools.partial" and differentiated and partial is None:
                partial = made  # ``grad(partial(loss, data=d))``: the call passes the rest
            elif api not in _DIFFERENTIATING | _PASSING:
                break
            differentiated |= api in _DIFFERENTIATING
            made = code.resolve(made.at(node.args[0]))
        if differentiated and made.model.functions.get(made.node) is not None:
            found[id(made.node)] = (made, Place(frames[0].path, model, call, scope), partial)
    return next(iter(found.values())) if len(found) == 1 else None


_INVERSE_FFTS = frozenset({"ifft", "ifft2", "ifftn"})


def _inverse_transform(analysis: Complexity) -> tuple[Path, ast.AST] | None:
    """The one inverse FFT that every complex value on the way comes out of, when all of them
    were made by FFTs (no complex literal, dtype or conversion): a real signal taken to the
    frequency domain and back, complex by type only, where the real part belongs."""
    origins = list(analysis.origins.values())
    if not origins or any(o is None for o in origins):
        return None
    inverse = [
        o
        for o in origins
        if o is not None
        and isinstance(o[1], ast.Call)
        and (getattr(o[1].func, "attr", None) or getattr(o[1].func, "id", "")) in _INVERSE_FFTS
    ]
    return inverse[0] if len(inverse) == 1 else None


def _complex_culprits(code: Code, frames: Sequence[Span]) -> list[Found]:
    """The ``return`` that reduces a complex value to the loss (``_complex_culprit``) and,
    as plausible a place for the magnitude, each helper on the value's way that returns the
    square of a complex value (``def power(spec): return spec * spec``)."""
    found = _complex_culprit(code, frames)
    if found is None:
        return []
    reduced, analysis = found
    squares = []
    for path, ret in analysis.squaring.values() if analysis is not None else ():
        span = code.span(path, ret)
        if not _not_failing(span, frames):
            continue
        text = ast.unparse(ret.value) if ret.value is not None else ""
        why = (
            f"This returns `{text[:60]}`, the square of a complex value (not its squared "
            "magnitude), on the way to the loss: grad needs a real output "
            "(`jnp.abs(x) ** 2` is the power of a complex value)."
        )
        squares.append(Found(span, CulpritKind.COMPLEX_OUTPUT, "return", why))
    return [*squares, reduced]


def _complex_culprit(code: Code, frames: Sequence[Span]) -> tuple[Found, Complexity | None] | None:
    """The ``return`` that reduces a complex value to the loss, in the differentiated
    function or a project function its value comes from: the one such return on the value's
    way, where the magnitude (``jnp.abs(x) ** 2``) belongs; with the analysis that found it
    (None for an inverse FFT)."""
    # Imported here: the value flow builds on this module.
    from jaxerr_ls.culprit_flow import Callee
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    applied = _differentiated_call(code, frames)
    if applied is None:
        return None
    function, call, partial = applied
    flow = ValueFlow(code, frames)
    defined = function.model.functions.get(function.node)
    if defined is not None and not isinstance(function.node, ast.Lambda):
        # The call on the failing line passes the differentiated function its arguments
        # (those a partial did not fix).
        fixed = len(partial.node.args) - 1 if partial is not None else 0  # type: ignore[attr-defined]
        flow.enter(Callee(function, defined, fixed, partial), call)
    analysis = Complexity(code, {}, flow=flow)
    if not analysis.function(function, set()):
        return None
    if len(analysis.conjugated) == 1:
        # A squared magnitude computed as ``h * conj(h)`` is real in value only: its dtype
        # stays complex, and where it is made is where the real part belongs.
        path, ret = next(iter(analysis.conjugated.values()))
        span = code.span(path, ret)
        if _not_failing(span, frames):
            text = ast.unparse(ret.value) if ret.value is not None else ""
            why = (
                f"This returns `{text[:60]}`, a squared magnitude that is real in value but "
                "still of a complex dtype, on the way to the loss: grad needs a real output "
                "(take its `.real`, or `jnp.abs(x) ** 2`)."
            )
            return Found(span, CulpritKind.COMPLEX_OUTPUT, "return", why), analysis
    if len(analysis.reducing) != 1:
        return None
    inverse = _inverse_transform(analysis)
    if inverse is not None:
        span = code.span(*inverse)
        if not _not_failing(span, frames):
            return None
        why = (
            f"`{ast.unparse(inverse[1])[:60]}` transforms back what FFTs made: its result "
            "is complex, the only complex values on the way come from FFTs, and grad needs a "
            "real output (take its real part, or the real inverse `irfft` of a real signal)."
        )
        return Found(span, CulpritKind.COMPLEX_OUTPUT, "inverse FFT", why), None
    path, ret = next(iter(analysis.reducing.values()))
    span = code.span(path, ret)
    if not _not_failing(span, frames):
        return None
    text = ast.unparse(ret.value) if ret.value is not None else ""
    quoted = f"`{text}`" if len(text) <= 60 else "a value"
    why = (
        f"This returns {quoted}, which reduces a complex value and so stays complex: grad "
        "needs a real output (the magnitude, `jnp.abs(x) ** 2`, or the real part)."
    )
    return Found(span, CulpritKind.COMPLEX_OUTPUT, "return", why), analysis


# JAX primitives that Python operators make, by the primitive's name.
_OPERATORS: dict[str, type[ast.operator]] = {"integer_pow": ast.Pow, "pow": ast.Pow}


def _nonlinear_culprit(
    code: Code, captures: Mapping[str, str], frames: Sequence[Span]
) -> Found | None:
    """The operation named in the message, in the function given to ``jax.linear_transpose``
    whose transpose the failing line applies."""
    primitive = captures.get("primitive", "").strip()
    if not frames or not _IDENTIFIER_RE.match(primitive):
        return None
    transposes = [
        made
        for made in (
            code.resolve(Place(frames[0].path, model, call.func, scope))
            for model, call, scope in code.calls_on(frames[0])
        )
        if isinstance(made.node, ast.Call)
        and made.model.qualified_name(made.node.func, made.scope) == "jax.linear_transpose"
    ]
    if not transposes:
        # No linear_transpose here: reverse mode transposed a custom_jvp rule's tangent.
        return _nonlinear_tangent_culprit(code, primitive, frames)
    for made in transposes:
        transpose = made.node
        if not isinstance(transpose, ast.Call) or not transpose.args:
            continue
        function = code.resolve(made.at(transpose.args[0]))
        wrapped = function.model.functions.get(function.node)
        if wrapped is None:
            return None
        operations = _applying(code, function, wrapped, primitive, 0)
        if len(operations) != 1:
            return None
        operation, through = operations[0]
        span = code.span(function.path, operation)
        if not _not_failing(span, frames):
            return None
        what = f"`{ast.unparse(operation)}`"
        if through is not None:
            what += f" runs `{through}`, which"
        why = (
            f"{what} is not linear, so jax.linear_transpose cannot "
            f"transpose `{wrapped.name}`: it needs a function linear in its input."
        )
        return Found(span, CulpritKind.LINEAR_TRANSPOSE_NONLINEAR, primitive, why)
    return None


# How deep project functions are entered looking for the operation a primitive comes from.
_LOWERING_DEPTH = 3


# Transforms that run the function they are given on the same values (``jax.jit``) or on
# slices of them (``jax.vmap``): what it applies, it applies under them too.
_RUNNING = frozenset({"jax.jit", "jax.vmap", "jax.checkpoint", "jax.remat"})


def _through_compiling(code: Code, place: Place) -> Place:
    """The function ``jax.jit(...)`` / ``jax.vmap(...)`` get (``jax.jit(jax.grad(f))``: the
    ``jax.grad`` call), followed through names; the place itself otherwise."""
    for _ in range(_MAX_STEPS):
        node = place.node
        if not isinstance(node, ast.Call) or not node.args:
            break
        if place.model.qualified_name(node.func, place.scope) not in _RUNNING:
            break
        place = code.resolve(place.at(node.args[0]))
    return place


def _applying(
    code: Code, place: Place, function: Function, primitive: str, depth: int
) -> list[tuple[ast.expr, str | None]]:
    """The operations of ``function`` that apply ``primitive``, each with the library call
    that does where it is inside a project function it calls (None where it is the operation
    itself): a call named as the primitive, an operator that makes it, a library call that
    lowers to it (``jnp.clip`` to ``min``, by the library tables), or a call of a project
    function one of whose operations does."""
    lowering = library().lowering_to(primitive)
    found: list[tuple[ast.expr, str | None]] = []
    for node in ast.walk(function.node):
        if isinstance(node, ast.BinOp):
            if primitive in _OPERATORS and isinstance(node.op, _OPERATORS[primitive]):
                found.append((node, None))
            continue
        if not isinstance(node, ast.Call):
            continue
        name = _name_of(node.func)
        if name == primitive:
            found.append((node, None))
            continue
        callee = _through_compiling(
            code, code.resolve(Place(place.path, place.model, node.func, function.scope))
        )
        inner = callee.model.functions.get(callee.node)
        if inner is None:
            qualified = place.model.qualified_name(node.func, function.scope)
            if qualified is not None and name in lowering:
                found.append((node, None))
            continue
        if inner.node is function.node or depth >= _LOWERING_DEPTH:
            continue
        below = _applying(code, callee, inner, primitive, depth + 1)
        if len(below) == 1:
            operation, through = below[0]
            found.append((node, through or ast.unparse(operation)))
        elif below:
            return below + found  # several below: not one culprit
    return found


def _nonlinear_tangent_culprit(code: Code, primitive: str, frames: Sequence[Span]) -> Found | None:
    """Reverse mode transposes what a ``custom_jvp`` rule does to the tangents: the one rule
    of the project whose tangent output applies the operation the message names to a tangent
    (``limit * jnp.tanh(t / limit)``) is where the change belongs (a custom_vjp, or a linear
    tangent)."""
    found: list[tuple[Path, ast.Call, str]] = []
    for path in code.files.files_containing("defjvp"):
        model = code.model(path)
        for custom in model.custom_functions if model is not None else ():
            rule = custom.jvp
            if rule is None or len(rule.positional) != 2:
                continue
            tangents = _derived_names(rule, rule.positional[1].name)
            for value in rule.return_values:
                items = value.elts if isinstance(value, ast.Tuple | ast.List) else []
                if len(items) != 2:
                    continue
                found.extend(
                    (path, node, rule.name)
                    for node in ast.walk(items[1])
                    if isinstance(node, ast.Call)
                    and _name_of(node.func) == primitive
                    and any(_reads_any(arg, tangents) for arg in node.args)
                )
    if len(found) != 1:
        return None
    path, operation, rule_name = found[0]
    span = code.span(path, operation)
    if not _not_failing(span, frames):
        return None
    why = (
        f"`{ast.unparse(operation)}` in the custom_jvp rule `{rule_name}` is not linear in the "
        "tangent, so reverse mode cannot transpose it: make the tangent output linear (or use "
        "a custom_vjp)."
    )
    return Found(span, CulpritKind.LINEAR_TRANSPOSE_NONLINEAR, primitive, why)


def _derived_names(function: Function, name: str) -> set[str]:
    """The parameter ``name`` and the names the function assigns from it (transitively)."""
    names = {name}
    statements = [s for s in own_statements(function.node) if isinstance(s, ast.Assign)]
    for _ in range(len(statements) + 1):
        before = len(names)
        for statement in statements:
            if _reads_any(statement.value, names):
                names |= {
                    n.id
                    for target in statement.targets
                    for n in ast.walk(target)
                    if isinstance(n, ast.Name)
                }
        if len(names) == before:
            break
    return names


def _reads_any(node: ast.AST, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node))


def _name_of(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def find(
    kind: CulpritKind,
    captures: Mapping[str, str],
    files: ProjectFiles,
    frames: Sequence[Span],
) -> list[Found]:
    """The culprits of the kinds this module owns (empty for the others)."""
    try:
        if kind == CulpritKind.COMPLEX_OUTPUT:
            return _complex_culprits(Code(files), frames)
        if kind == CulpritKind.REFS_ARGUMENT:
            return _refs_culprits(Code(files), captures, frames)
        if kind == CulpritKind.REFS_TREE:
            found = _refs_tree_culprit(Code(files), captures, frames)
            return [found] if found is not None else []
        found = _find(kind, captures, Code(files), frames)
    except RecursionError:  # an expression nested too deep to print
        return []
    return [found] if found is not None else []


def _find(
    kind: CulpritKind, captures: Mapping[str, str], code: Code, frames: Sequence[Span]
) -> Found | None:
    if kind == CulpritKind.TRACER_JIT_ARGUMENT:
        return _jit_argument_culprit(code, captures, frames)
    if kind == CulpritKind.CHECKPOINT_STATIC_ARGNUMS:
        return _checkpoint_culprit(code, captures, frames)
    if kind == CulpritKind.LINEAR_TRANSPOSE_NONLINEAR:
        return _nonlinear_culprit(code, captures, frames)
    if kind == CulpritKind.REFS_ALIASED:
        return _aliased_ref_culprit(code, captures, frames)
    finder = _FROM_FRAMES.get(kind)
    return finder(code, frames) if finder is not None else None


def _aliased_ref_culprit(
    code: Code, captures: Mapping[str, str], frames: Sequence[Span]
) -> Found | None:
    """The assignment that makes one of the two arguments JAX names (``params_ref`` and
    ``ema_ref``: parameters of the custom_vjp function the failing line calls, or applies a
    transform to) another name of the other's Ref (``ema_ref = params_ref``), followed to the
    caller that hands it in: a Ref of its own (``jax.new_ref(params_ref[...])``) is due there.
    None where the failing call passes one name twice (the call is the fault)."""
    names = [(captures.get(n) or "").strip() for n in ("original", "alias")]
    if not frames or not all(n.isidentifier() for n in names):
        return None
    written: list[list[Place]] = []
    for model, call, scope in code.calls_on(frames[0]):
        here = Place(frames[0].path, model, call, scope)
        callees = [call.func, *(call.func.args[:1] if isinstance(call.func, ast.Call) else [])]
        for callee in callees:
            made = code.resolve(here.at(callee))
            function = made.model.functions.get(made.node)
            params = [p.name for p in function.positional] if function is not None else []
            if not set(names) <= set(params):
                continue
            indexes = [params.index(n) for n in names]
            if max(indexes) < len(call.args) and not any(
                isinstance(a, ast.Starred) for a in call.args[: max(indexes) + 1]
            ):
                written.append([here.at(call.args[i]) for i in indexes])
    if len(written) != 1:
        return None
    aliases = []
    for argument in written[0]:
        place = handed_in(code, frames, argument)
        binding = place.scope.lookup(place.node.id) if isinstance(place.node, ast.Name) else None
        if (
            binding is not None
            and binding.kind == "assign"
            and isinstance(binding.value, ast.Name | ast.Attribute)
        ):
            aliases.append((place, binding))
    if len(aliases) != 1:
        return None
    place, binding = aliases[0]
    span = code.span(place.path, binding.node)
    if not _not_failing(span, frames):
        return None
    assert binding.value is not None
    shown = ast.unparse(binding.value)
    why = (
        f"`{binding.name}` is bound here to the Ref `{shown}` itself, and the custom_vjp "
        f"function gets both: give it a Ref of its own (`jax.new_ref({shown}[...])`)."
    )
    return Found(span, CulpritKind.REFS_ALIASED, binding.name, why)


def _called_definitions(code: Code, span: Span) -> Iterator[tuple[ast.Call, Place]]:
    """The calls on a traceback line with what each calls, followed through names and
    imports (a ``def``, a class, or the call that made the callable)."""
    for model, call, scope in code.calls_on(span):
        yield call, code.resolve(Place(span.path, model, call.func, scope))


# What a name made by one of these holds is a function.
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


@dataclass(frozen=True, slots=True)
class TracedNondiff:
    """The custom_vjp function a failing call gives a traced value at a ``nondiff_argnums``
    position: its ``def``, the decorator's keyword, the position and the value's text."""

    primal: Place
    keyword: ast.keyword
    position: int
    value: str


def traced_nondiff(code: Code, frames: Sequence[Span]) -> TracedNondiff | None:
    """The custom_vjp function the failing line calls, where the call passes a computed value
    (not a literal) at one of its ``nondiff_argnums`` positions: a traced value there is
    refused, and only arguments that cannot be JAX types belong there. An argument that is a
    function (a ``def``, a lambda: what nondiff_argnums is for) is not the one."""
    if not frames:
        return None
    found: list[TracedNondiff] = []
    for model, call, scope in code.calls_on(frames[0]):
        here = Place(frames[0].path, model, call, scope)
        callee = code.resolve(here.at(call.func))
        for custom in callee.model.custom_functions:
            if custom.kind != "jax.custom_vjp" or custom.primal.node is not callee.node:
                continue
            keywords = [
                k
                for decorator in getattr(custom.primal.node, "decorator_list", [])
                if isinstance(decorator, ast.Call)
                for k in decorator.keywords
                if k.arg == "nondiff_argnums"
            ]
            positions = custom.nondiff_argnums or ()
            passed = [
                (i, call.args[i])
                for i in positions
                if i < len(call.args) and not isinstance(call.args[i], ast.Starred)
            ]
            computed = [
                (i, a)
                for i, a in passed
                if not _is_literal(a) and not isinstance(code.resolve(here.at(a)).node, _FUNCTIONS)
            ]
            if len(keywords) == 1 and len(computed) == 1:
                [(index, value)] = computed
                found.append(TracedNondiff(callee, keywords[0], index, ast.unparse(value)))
    return found[0] if len(found) == 1 else None


def _nondiff_argnums_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    """The ``nondiff_argnums`` of the custom_vjp function given a traced value there
    (``traced_nondiff``): the value becomes a regular argument whose cotangent the bwd rule
    returns (``None``)."""
    traced = traced_nondiff(code, frames)
    if traced is None:
        return None
    span = code.span(traced.primal.path, traced.keyword)
    if not _not_failing(span, frames):
        return None
    name = getattr(traced.primal.node, "name", "the function")
    why = (
        f"`{name}` declares `nondiff_argnums` for `{traced.value}`, which the failing line "
        "gives a traced value: make it a regular argument (kept in the residuals, its "
        "cotangent `None` from the bwd rule); nondiff_argnums is for values that are not arrays."
    )
    return Found(span, CulpritKind.CUSTOM_VJP_NONDIFF_ARGNUMS, name, why)


# The effectful callbacks JAX cannot differentiate under checkpoint (``jax.debug.callback``
# and ``jax.debug.print`` are allowed there).
_EFFECTFUL = frozenset({"io_callback"})
_CHECKPOINTS = frozenset({"jax.checkpoint", "jax.remat", "jax.ad_checkpoint.checkpoint"})


def _checkpointed(place: Place) -> Place | None:
    """The function a checkpoint makes of ``place`` (a decorated ``def``, or the function
    given to ``jax.checkpoint(...)``), or None when it is not one."""
    node = place.node
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        for decorator in node.decorator_list:
            applied = decorator.func if isinstance(decorator, ast.Call) else decorator
            if place.model.qualified_name(applied, place.scope) in _CHECKPOINTS:
                return place
            if (
                isinstance(decorator, ast.Call)
                and place.model.qualified_name(decorator.func, place.scope) == "functools.partial"
                and decorator.args
                and place.model.qualified_name(decorator.args[0], place.scope) in _CHECKPOINTS
            ):
                return place
        return None
    if (
        isinstance(node, ast.Call)
        and node.args
        and place.model.qualified_name(node.func, place.scope) in _CHECKPOINTS
    ):
        return place.at(node.args[0])
    return None


def _effect_callback_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    """The one effectful callback (``io_callback``) on the traceback's lines (JAX shows the
    stack "before transformation" of a ``scan`` body) or in the checkpointed functions they
    call, when the error surfaced elsewhere: JAX cannot differentiate it, so it belongs
    outside the differentiated code, or takes values without a derivative, or becomes a
    ``jax.debug.callback``."""
    found: dict[int, Place] = {}
    for span in frames:
        for model, call, scope in code.calls_on(span):
            name = model.qualified_name(call.func, scope) or ""
            if name.rsplit(".", 1)[-1] in _EFFECTFUL:
                found[id(call)] = Place(span.path, model, call, scope)
        for _, callee in _called_definitions(code, span):
            checkpointed = _checkpointed(callee)
            if checkpointed is None:
                continue
            function = code.resolve(checkpointed)
            if not isinstance(function.node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            inner = function.model.functions.get(function.node)
            if inner is None:
                continue
            for call, scope in function.model.calls:
                if scope is not inner.scope and not _within(scope, inner.scope):
                    continue
                name = function.model.qualified_name(call.func, scope) or ""
                if name.rsplit(".", 1)[-1] in _EFFECTFUL:
                    found[id(call)] = Place(function.path, function.model, call, scope)
    why = (
        "This `io_callback` runs in code JAX differentiates as a whole (a checkpoint, a loop "
        "body), which it cannot do with its effects: call it outside the differentiated code, "
        "or use `jax.debug.callback`."
    )
    return _found_once(code, found, frames, CulpritKind.EFFECT_CALLBACK, "io_callback", why)


def _within(scope: Scope, outer: Scope) -> bool:
    parent = scope.parent
    while parent is not None:
        if parent is outer:
            return True
        parent = parent.parent
    return False


# Pairs of rules hijax offers, which a class body unpacks into two names.
_RULE_PAIRS = frozenset({"vjp_from_jvp", "vjp_from_lin"})


def _rule_pair_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    """The statement of a hijax class body that binds a pair of rules (``vjp_from_jvp``) to
    one name (``vjp_fwd = vjp_from_jvp``), in the one hijax class the traceback's lines
    construct (``Softplus(aval)(x)``)."""
    found: dict[int, Place] = {}
    for span in frames:
        for _, callee in _called_definitions(code, span):
            if not isinstance(callee.node, ast.ClassDef):
                continue
            if not any(h.node is callee.node for h in callee.model.hijax_classes):
                continue
            for statement in callee.node.body:
                if (
                    isinstance(statement, ast.Assign)
                    and len(statement.targets) == 1
                    and isinstance(statement.targets[0], ast.Name)
                    and _name_of(statement.value) in _RULE_PAIRS
                ):
                    found[id(statement)] = callee.at(statement)
    only = _only_place(code, found, frames)
    if only is None:
        return None
    place, span = only
    assert isinstance(place.node, ast.Assign)
    pair = _name_of(place.node.value)
    why = (
        f"`{pair}` is a pair of rules, bound here to one name: unpack it, "
        f"`vjp_fwd, vjp_bwd_retval = {pair}`."
    )
    return Found(span, CulpritKind.HIJAX_RULE_PAIR, ast.unparse(place.node.targets[0]), why)


# The reducers ``lax.reduce_window`` knows the derivative of (as ``jax.lax`` primitives).
_KNOWN_REDUCERS = frozenset({"jax.lax.add", "jax.lax.max", "jax.lax.min"})


def _reduce_window_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    """The one ``jax.lax.reduce_window`` with a reducer other than ``lax.add`` / ``max`` /
    ``min`` (``jnp.maximum``, a lambda) on the traceback's lines or in the functions they call
    (a jitted pooling helper), when the error surfaced elsewhere: JAX linearizes only the
    reductions it recognises."""
    found: dict[int, Place] = {}

    def look(place: Place, calls: Iterable[tuple[ast.Call, Scope]]) -> None:
        for call, scope in calls:
            name = place.model.qualified_name(call.func, scope)
            reducer = call.args[2] if len(call.args) > 2 else None
            reducer = reducer or next(
                (k.value for k in call.keywords if k.arg == "computation"), None
            )
            if (
                name == "jax.lax.reduce_window"
                and reducer is not None
                and place.model.qualified_name(reducer, scope) not in _KNOWN_REDUCERS
            ):
                found[id(call)] = Place(place.path, place.model, call, scope)

    for span in frames:
        model = code.model(span.path)
        if model is None:
            continue
        here = Place(span.path, model, model.tree, model.module_scope)
        look(here, [(call, scope) for _, call, scope in code.calls_on(span)])
        for _, callee in _called_definitions(code, span):
            function = callee.model.functions.get(callee.node)
            if function is not None:
                look(callee, [(c, s) for c, s in callee.model.calls if s is function.scope])
    why = (
        "This `reduce_window` reduces with a function JAX has no derivative rule for: use "
        "`jax.lax.max` (with `-jnp.inf`), `jax.lax.add` (with `0.0`) or `jax.lax.min`."
    )
    kind = CulpritKind.REDUCE_WINDOW_REDUCER
    return _found_once(code, found, frames, kind, "reduce_window", why)


_LINEAR_CALLS = frozenset({"jax.custom_derivatives.linear_call", "jax.extend.linear_call"})


def _linear_call_transpose_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    """The last ``return`` of the transpose function given to the one ``linear_call`` on the
    traceback's lines (JAX shows the forward stack that made it), else of the traceback's
    modules and those beside them: its output must have the structure of the call's linear
    arguments."""
    found: dict[int, Place] = {}
    for span in frames:
        for model, call, scope in code.calls_on(span):
            if model.qualified_name(call.func, scope) in _LINEAR_CALLS and len(call.args) >= 2:
                found[id(call)] = Place(span.path, model, call.args[1], scope)
    if not found:
        paths = list(dict.fromkeys(f.path for f in frames))
        paths = list(dict.fromkeys([*paths, *code.files.files_near("linear_call", paths)]))
        for path, model in code.models(paths):
            for call, scope in model.calls:
                if model.qualified_name(call.func, scope) in _LINEAR_CALLS and len(call.args) >= 2:
                    found[id(call)] = Place(path, model, call.args[1], scope)
    if len(found) != 1:
        return None
    transpose = code.resolve(next(iter(found.values())))
    function = transpose.model.functions.get(transpose.node)
    if function is None or not function.returns:
        return None
    last = max(function.returns, key=lambda r: (r.lineno, r.col_offset))
    span = code.span(transpose.path, last)
    if not _not_failing(span, frames):
        return None
    why = (
        f"`{function.name}` is the transpose given to `linear_call`: it must return the "
        "structure of the call's linear arguments (one array for one array)."
    )
    return Found(span, CulpritKind.LINEAR_CALL_TRANSPOSE, function.name, why)


def _written_ref_culprit(code: Code, frames: Sequence[Span]) -> Found | None:
    """Where the Ref the failing line writes (``ref[...] = v``, ``ref[i] += v``) is made, when
    that is outside the function that writes it and the function reads the Ref back: its
    value then reaches the output, so the gradient must flow through the writes, and only a
    Ref made in the differentiated computation (or given to it as an argument) carries it.
    A Ref the function only writes (a log of values, an average it updates from itself) gets
    nothing: ``jax.lax.stop_gradient`` of the written value, on the failing line, is the fix."""
    from jaxerr_ls.culprit_flow import Flow as ValueFlow
    from jaxerr_ls.culprit_flow import scope_at

    if not frames:
        return None
    found = _ref_write(code, frames[0])
    surfaced = found is None
    if found is None:
        # The error surfaces at a transform's call (``lax.fori_loop(...)``): the write is on
        # the stack JAX printed before the transformation, later in the frames, innermost
        # first. That write and its callers stand for the failing line's.
        later = [i for i, frame in enumerate(frames) if i and _ref_write(code, frame)]
        if len(later) != 1:
            return None
        frames = frames[later[0] :]
        found = _ref_write(code, frames[0])
        assert found is not None
    model, statement, ref = found
    scope = scope_at(model, statement)
    function = defining_function(model, scope)
    if function is None:
        return None
    shown = ast.dump(ref)
    read_back = [
        node
        for node in ast.walk(function.node)
        if isinstance(node, ast.Subscript)
        and isinstance(node.ctx, ast.Load)
        and ast.dump(node.value) == shown
        and not _holds([statement], node)
    ]
    if not read_back:
        # The Ref only keeps what it is given (a log, a running average): the written value
        # needs no derivative. Where a function serving several callers only writes what
        # its caller hands it, the caller's argument is where that is said.
        written = statement.value
        reads = [
            n
            for n in ast.walk(written)
            if isinstance(n, ast.Subscript) and ast.dump(n.value) == shown
        ]
        role = "the value the failing line writes into a Ref"
        at = Place(frames[0].path, model, written, scope)
        handed = handed_value_culprit(code, frames, at, [written], reads, role, shared=True)
        if handed is not None or not surfaced:
            return handed
        # The error's line is the transform's call; the write is where the value is made.
        name = ast.unparse(ref)
        why = (
            f"`{function.name}` writes a differentiated value into `{name}`, a Ref that is not "
            "differentiated and only keeps what it is given: write the value without its "
            "derivative here (`jax.lax.stop_gradient(...)`)."
        )
        at_write = code.span(frames[0].path, statement)
        return Found(at_write, CulpritKind.REFS_WRITE, name if len(name) <= 60 else "ref", why)
    made = ValueFlow(code, frames).one_maker(Place(frames[0].path, model, ref, scope))
    if made is None or not makes_ref(made):
        return None
    inside = made.model is model and any(made.node is n for n in ast.walk(function.node))
    span = _span_off_failing(code, made, frames)
    if inside or span is None:
        return None
    name = ast.unparse(ref)
    why = (
        f"`{name}` is made here, outside `{function.name}`, which writes a differentiated value "
        "into it and reads it back: make the Ref in the differentiated computation, or pass "
        "it in as an argument, so that the gradient flows through its writes."
    )
    return Found(span, CulpritKind.REFS_MADE_OUTSIDE, name, why)


def _ref_write(
    code: Code, frame: Span
) -> tuple[ModuleModel, ast.Assign | ast.AugAssign, ast.expr] | None:
    """The one write into a Ref on a frame's line (``ref[...] = v``, ``ref[i] += v``): its
    module, the statement and the Ref written."""
    model = code.model(frame.path)
    if model is None:
        return None
    writes = [
        (statement, target.value)
        for statement in ast.walk(model.tree)
        if isinstance(statement, ast.Assign | ast.AugAssign) and statement.lineno == frame.line
        for target in (
            statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        )
        if isinstance(target, ast.Subscript)
    ]
    return (model, *writes[0]) if len(writes) == 1 else None


def handed_argument_culprit(
    files: ProjectFiles,
    frames: Sequence[Span],
    apis: Sequence[str],
    argument: str | None,
    words: frozenset[str] = frozenset(),
) -> Found | None:
    """For a record whose failing call is at fault in one argument (``culpritAtCall``: the
    argument its ``culpritAtCallArgument`` declares, else the one keyword of the failing call
    that a word of its message names, ``prevent_cse must be a bool``, from ``words``):
    where the failing line's one call of ``apis`` is given, for
    that argument, a parameter of the function around it (read as passed, not rebound), the
    function only passes on what its traceback caller chose: the argument that call hands
    over, or that call itself where it leaves the parameter to its default. Nothing where
    the argument is written on the failing line (an expression, a local, a keyword left
    out): the failing call is the place. An attribute of such a parameter (``cfg.names``,
    maybe copied: ``list(cfg.names)``) is set where the object is made: the one expression
    the value flow finds it made by, outside the function."""
    from jaxerr_ls.culprit_flow import Flow as ValueFlow
    from jaxerr_ls.culprit_flow import keyword_value
    from jaxerr_ls.records import parse_at_call_argument

    spec = parse_at_call_argument(argument) if argument is not None else (None, None)
    if spec is None or not frames:
        return None
    keyword, position = spec
    code = Code(files)
    calls = [
        (model, call, scope)
        for model, call, scope in code.calls_on(frames[0])
        if _of_apis(model.qualified_name(call.func, scope), apis)
    ]
    if len(calls) != 1:
        return None
    model, call, scope = calls[0]
    if argument is None:
        named = [k.arg for k in call.keywords if k.arg is not None and k.arg in words]
        if len(named) != 1:
            return None
        keyword = named[0]
    given = keyword_value(call, keyword) if keyword is not None else None
    if given is None and position is not None and len(call.args) > position:
        leading = call.args[: position + 1]
        only = keyword is not None or len(call.args) == position + 1
        if only and not any(isinstance(a, ast.Starred) for a in leading):
            given = call.args[position]
    if given is None:
        return None
    given = _copied_items(given, scope)
    root = given
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name) or not isinstance(given, ast.Name | ast.Attribute):
        return None
    handed = ValueFlow(code, frames).caller_argument(Place(frames[0].path, model, root, scope))
    if handed is None:
        return None
    site, passed = handed
    api = model.qualified_name(call.func, scope)
    function = defining_function(model, scope)
    owner = f"`{function.name}`" if function is not None else "the function"
    role = f"`{keyword}`" if keyword is not None else f"its argument at position {position}"
    if isinstance(given, ast.Attribute):
        made = ValueFlow(code, frames).one_maker(Place(frames[0].path, model, given, scope))
        if made is None or made.node is given or function is None:
            return None
        if made.model is model and any(made.node is n for n in ast.walk(function.node)):
            return None
        span = code.span(made.path, made.node)
        name = ast.unparse(given)
        why = (
            f"`{name}`, which `{function.name}` gives the failing `{api}` as {role}, is "
            "made here: change it here."
        )
    elif passed is None:
        span = code.span(site.path, site.node)
        name = given.id
        why = (
            f"This call leaves `{given.id}` of {owner} to its default, which the failing "
            f"`{api}` gets as {role}: pass the value it needs here."
        )
    else:
        span = code.span(passed.path, passed.node)
        name = ast.unparse(passed.node)
        why = (
            f"`{name}` is handed here to {owner}, which only passes it on to the failing "
            f"`{api}` as {role}: change it here."
        )
    if not _not_failing(span, frames):
        return None
    return Found(span, CulpritKind.CALL_HANDED, name, why)


# Attributes of an array that read what it is, not its values: no derivative flows through
# them, so a function that reads only these of a parameter still only passes its value on.
_METADATA = frozenset({"shape", "dtype", "ndim", "size", "sharding"})
# How many callers up the traceback a value only passed on is followed.
_MAX_HOPS = 8


def handed_value_culprit(
    code: Code,
    frames: Sequence[Span],
    at: Place,
    values: Sequence[ast.expr],
    skip: Sequence[ast.AST],
    role: str,
    shared: bool = False,
) -> Found | None:
    """One frame up, for a value at fault on the failing line (given to a host callback,
    written into a Ref) that the function around it only passes on: every name the
    ``values`` read (outside the ``skip`` subtrees, such as the Ref's own read) is a
    parameter of that function, not rebound, which it reads nowhere else (but for its
    metadata, ``x.shape``). Then its caller chose the value, and the reasoning goes on up the
    traceback while each caller only passes its own parameters on: the arguments of the
    first call made by a function that computes with them (``roc_auc(z, y)`` in the loss,
    ``ema_update_(buf, mean, m)`` in the layer) hand the value over, and are where
    ``jax.lax.stop_gradient`` goes. ``at`` is a place on the failing line (its model and
    scope); ``role`` says what the value is to the failing operation, for the explanation.
    With ``shared``, only where the failing function serves several callers (``Flow.shared``):
    one with a single caller is that caller's own part, and its line as good a place.
    None where the failing function computes the value itself (its line is the place), or
    a caller is not certain (not on the traceback, several, a parameter left to its
    default)."""
    from jaxerr_ls.culprit_flow import Flow as ValueFlow

    flow = ValueFlow(code, frames)
    handed: tuple[Place, list[Place], Function] | None = None
    place, nodes, skipped = at, list(values), list(skip)
    for _ in range(_MAX_HOPS):
        up = _passed_on(flow, place, nodes, skipped)
        if up is None:
            break
        if handed is None and shared and not flow.shared(up[2], at):
            return None
        handed = up
        place, skipped = up[0], []
        nodes = [p.node for p in up[1] if isinstance(p.node, ast.expr)]
    if handed is None:
        return None
    site, passed, function = handed
    call = site.node
    assert isinstance(call, ast.Call)
    # A constant handed along (a rate) carries no derivative.
    passed = [p for p in passed if not isinstance(p.node, ast.Constant)] or passed
    if len(passed) == 1:
        span, name = code.span(passed[0].path, passed[0].node), ast.unparse(passed[0].node)
        handing, them = f"`{name}` is handed here", "it"
        advice = f"give it `jax.lax.stop_gradient({name})`"
    else:
        span, name = code.span(site.path, call), f"{ast.unparse(call.func)}(..)"
        shown = ", ".join(f"`{ast.unparse(p.node)}`" for p in passed)
        handing, them = f"This call hands {shown}", "them"
        advice = "give the differentiated one `jax.lax.stop_gradient(..)`"
    why = f"{handing} to `{function.name}`, which only passes {them} on as {role}: {advice} here."
    found = Found(span, CulpritKind.CALL_HANDED, name, why)
    return found if _not_failing(span, frames) else None


def _passed_on(
    flow: Flow, place: Place, values: list[ast.expr], skip: list[ast.AST]
) -> tuple[Place, list[Place], Function] | None:
    """For values read at ``place`` from parameters that its function only passes on there
    (see ``handed_value_culprit``): the one call on the traceback's lines that runs the
    function, what it passes for those parameters, and the function; None otherwise."""
    function = defining_function(place.model, place.scope)
    if function is None or isinstance(function.node, ast.Lambda):
        return None
    skipped = {id(n) for tree in skip for n in ast.walk(tree)}
    parents = {id(c): n for v in values for n in ast.walk(v) for c in ast.iter_child_nodes(n)}
    allowed: set[int] = set()
    params: dict[str, ast.Name] = {}
    for value in values:
        for node in ast.walk(value):
            if not isinstance(node, ast.Name) or id(node) in skipped:
                continue
            parent = parents.get(id(node))
            if isinstance(parent, ast.Call) and parent.func is node:
                continue  # a function called on the value
            if isinstance(parent, ast.Attribute) and parent.attr in _METADATA:
                continue
            bindings = place.scope.lookup_all(node.id)
            if bindings and all(b.scope.parent is None for b in bindings):
                continue  # a module's name: a constant, an import
            if len(bindings) != 1 or bindings[0].kind != "param":
                return None  # computed here (a local), or closed over
            if bindings[0].scope is not function.scope:
                return None
            allowed.add(id(node))
            params[node.id] = node
    if not params:
        return None
    for name in params:
        for read in ast.walk(function.node):
            if not isinstance(read, ast.Name) or read.id != name or id(read) in allowed:
                continue
            if id(read) in skipped or _metadata_read(function.node, read):
                continue
            return None  # computed with here too: the value's place is this function
    handed = [flow.caller_argument(place.at(node)) for node in params.values()]
    sites = {id(h[0].node) for h in handed if h is not None}
    if any(h is None or h[1] is None for h in handed) or len(sites) != 1:
        return None
    passed = [h[1] for h in handed if h is not None and h[1] is not None]
    return next(h[0] for h in handed if h is not None), passed, function


def _metadata_read(tree: ast.AST, name: ast.Name) -> bool:
    """Whether a name is read for its metadata (``x.shape``) in ``tree``."""
    return any(
        isinstance(node, ast.Attribute) and node.value is name and node.attr in _METADATA
        for node in ast.walk(tree)
    )


def _of_apis(name: str | None, apis: Sequence[str]) -> bool:
    """Whether a qualified name is one of ``apis`` or in one of them (a module's function)."""
    return name is not None and any(name == api or name.startswith(api + ".") for api in apis)


# Builtins that copy the items of what they are given into a new container.
_COPYING = frozenset({"list", "tuple", "set", "frozenset", "sorted"})


def _copied_items(node: ast.expr, scope: Scope) -> ast.expr:
    """What ``list(x)`` (or another builtin copy of the items) copies: ``x``; else ``node``."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _COPYING
        and scope.lookup(node.func.id) is None
        and len(node.args) == 1
        and not node.keywords
        and not isinstance(node.args[0], ast.Starred)
    ):
        return node.args[0]
    return node


# The finders that need only the traceback's lines, by the kind they find.
_FROM_FRAMES: dict[CulpritKind, Callable[[Code, Sequence[Span]], Found | None]] = {
    CulpritKind.LOOP_BOUNDS: _loop_culprit,
    CulpritKind.CUSTOM_LINEAR_SOLVE_CALL: _linear_solve_culprit,
    CulpritKind.CUSTOM_VJP_CLOSURE: _closure_culprit,
    CulpritKind.CUSTOM_VJP_FORWARD_TRANSFORM: _forward_transform_culprit,
    CulpritKind.PURE_CALLBACK_CALL: _callback_culprit,
    CulpritKind.REFS_MADE_OUTSIDE: _written_ref_culprit,
    CulpritKind.CUSTOM_VJP_NONDIFF_ARGNUMS: _nondiff_argnums_culprit,
    CulpritKind.EFFECT_CALLBACK: _effect_callback_culprit,
    CulpritKind.HIJAX_RULE_PAIR: _rule_pair_culprit,
    CulpritKind.LINEAR_CALL_TRANSPOSE: _linear_call_transpose_culprit,
    CulpritKind.REDUCE_WINDOW_REDUCER: _reduce_window_culprit,
}

# What each kind's culprit is, for people, with its name ("with_refs entry `DontWant`").
LABELS = {
    CulpritKind.REFS_ARGUMENT: "with_refs entry `{name}`",
    CulpritKind.REFS_TREE: "with_refs entry `{name}` built with another structure",
    CulpritKind.REFS_SWITCHED_OFF: "`{name}`, which leaves with_refs off",
    CulpritKind.TRACER_JIT_ARGUMENT: "the jax.jit that traces `{name}`",
    CulpritKind.TRACER_PYTREE_FIELD: "the pytree field `{name}` made a traced leaf",
    CulpritKind.TRACER_PYTHON_CONTAINER: "the Python container `{name}` indexed by a traced value",
    CulpritKind.TRACER_DATA_SIZE: "the size `{name}` computed from traced data",
    CulpritKind.LOOP_BOUNDS: "dynamic loop bounds: `{name}`",
    CulpritKind.CHECKPOINT_STATIC_ARGNUMS: "`static_argnums` of jax.checkpoint",
    CulpritKind.CUSTOM_LINEAR_SOLVE_CALL: "`custom_linear_solve` without a transpose_solve",
    CulpritKind.CUSTOM_VJP_CLOSURE: "traced value `{name}` closed over by a custom_vjp function",
    CulpritKind.CUSTOM_VJP_FORWARD_TRANSFORM: "forward-mode transform `jax.{name}`",
    CulpritKind.LINEAR_TRANSPOSE_NONLINEAR: "non-linear operation `{name}`",
    CulpritKind.COMPLEX_OUTPUT: "the `return` that makes the output complex",
    CulpritKind.PURE_CALLBACK_CALL: "the `jax.pure_callback` a transform reached",
    CulpritKind.REFS_MADE_OUTSIDE: "the Ref `{name}`, made outside the differentiated function",
    CulpritKind.REFS_WRITE: "the write of a differentiated value into the Ref `{name}`",
    CulpritKind.CALL_HANDED: "`{name}`, handed on to the failing call",
    CulpritKind.REFS_ALIASED: "`{name}`, another name of the same Ref",
    CulpritKind.CUSTOM_VJP_NONDIFF_ARGNUMS: "`nondiff_argnums` of custom_vjp function `{name}`",
    CulpritKind.EFFECT_CALLBACK: "the `{name}` in a checkpointed function",
    CulpritKind.HIJAX_RULE_PAIR: "`{name}`, bound to a pair of rules",
    CulpritKind.LINEAR_CALL_TRANSPOSE: "the transpose `{name}` given to linear_call",
    CulpritKind.REDUCE_WINDOW_REDUCER: "the `{name}` whose reducer JAX cannot differentiate",
}
OWN_KINDS = frozenset(LABELS)
