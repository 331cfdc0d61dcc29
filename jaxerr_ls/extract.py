"""Raise-site extraction: every error message a JAX source tree can raise, as a template.

Pure: reads the source with ``ast`` and never imports JAX. For each ``raise X(message)`` (and
each ``super().__init__(message)`` in an exception class) the message expression is evaluated
symbolically into literal text and placeholders:

* f-strings (``JoinedStr``; implicit concatenation is already one node), placeholders kept
  as ``{expr}``;
* ``"...".format(...)`` (also through a stored bound method, ``msg = "...".format``) and
  ``"..." % args``, with the arguments substituted where they are strings themselves;
* ``+`` concatenation, ``str.strip``-family calls and ``textwrap.dedent``;
* a message built in a local variable first (``msg = ...; msg += ...; raise E(msg)``),
  following ``if``/``try``/loop branches, so one raise may yield a few templates (one per
  way the variable can be built), and module-level string constants;
* module-level helper functions that return a message (``raise E(_msg(x))``) or an
  exception built with one (``raise _error(x)``).

The class is the called name's last part when it is CapWords (``core.ConcretizationTypeError``
-> ``ConcretizationTypeError``); the message is the first argument that reads as a string
with literal text. The file also runs as a script (``python extract.py JAX_DIR``, standard
library only) so that another interpreter can parse syntax this one cannot.

A placeholder whose value the ``if`` around the raise fixes (``if type(other) in (tuple,
list): raise TypeError(f"... {type(other).__name__!r}")``, ``if mode == "a":``) keeps the
values it can print (``RaiseSite.values``), so that a message printing another (Python's own
``unsupported operand type(s) for *: 'float' and 'Linear'``) is not taken for this site's.

Each template becomes a ``RaiseSite`` with a compiled literal-segment pattern (literal text
escaped, placeholders ``(.+?)``) that :mod:`jaxerr_ls.matching` matches in linear time.
Messages with fewer than ``MIN_LITERAL_CHARS`` literal characters are skipped and counted.
"""

from __future__ import annotations

import ast
import builtins
import copy
import re
import textwrap
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

# Below this many literal characters a message is too vague to recognise (the matcher ignores
# such patterns too: matching.MIN_LITERAL_CHARS).
MIN_LITERAL_CHARS = 12
# A raise whose message can be built in more ways than this keeps only the first ones.
MAX_ALTERNATIVES = 8
# Bumped whenever extraction changes what it produces (cached sets are rebuilt). 2: sites
# keep the values their placeholders can take.
EXTRACTOR_VERSION = 2

_LIT = "lit"
_EXPR = "expr"
Part = tuple[str, str]
Parts = tuple[Part, ...]
_PRINTF_RE = re.compile(
    r"%(?:\((?P<key>[^)]*)\))?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?"
    r"(?P<conv>[diouxXeEfFgGcrsa%])"
)
_STRIP_METHODS = ("strip", "lstrip", "rstrip")
_DEDENT_NAMES = ("dedent", "textwrap.dedent")


@dataclass(frozen=True, slots=True)
class RaiseSite:
    """One message template and where JAX raises it."""

    template: str
    error_class: str
    file: str
    line: int
    function: str
    parts: Parts
    kind: str
    # The values the ``if`` around the raise leaves a wildcard of the pattern (numbered from
    # 0 as ``pattern``'s groups), for the wildcards it fixes.
    values: tuple[tuple[int, tuple[str, ...]], ...] = ()

    @property
    def literal_chars(self) -> int:
        return sum(len(text) for kind, text in self.parts if kind == _LIT)

    @property
    def pattern(self) -> str:
        return pattern_from_parts(self.parts)


@dataclass(slots=True)
class ExtractStats:
    """What a walk over a source tree found and what it left out."""

    files: int = 0
    unparsable_files: list[str] = field(default_factory=list)
    raise_statements: int = 0
    no_message: int = 0
    not_a_class: int = 0
    too_little_literal: int = 0
    templates: int = 0
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class _FormatFn:
    """A stored bound ``str.format`` method: ``msg = "... {} ...".format``."""

    parts: Parts


_Value = tuple[Parts, ...] | _FormatFn
_Env = dict[str, _Value]


# ---------------------------------------------------------------- parts, templates, patterns


def _normalise(parts: Iterable[Part]) -> Parts:
    out: list[Part] = []
    for kind, text in parts:
        if kind == _LIT:
            if not text:
                continue
            if out and out[-1][0] == _LIT:
                out[-1] = (_LIT, out[-1][1] + text)
                continue
        out.append((kind, text))
    return tuple(out)


def _has_literal(parts: Parts) -> bool:
    return any(kind == _LIT for kind, _ in parts)


def _placeholder(text: str) -> str:
    if "{" not in text and "}" not in text:
        return "{" + text + "}"
    depth = 0
    for char in text:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return "{...}"
    return "{ " + text + " }" if depth == 0 else "{...}"


def template_from_parts(parts: Parts) -> str:
    """The f-string-like template: literal braces doubled, placeholders as ``{expr}``."""
    pieces: list[str] = []
    for kind, text in parts:
        if kind == _LIT:
            pieces.append(text.replace("{", "{{").replace("}", "}}"))
        else:
            pieces.append(_placeholder(text))
    return "".join(pieces)


def pattern_from_parts(parts: Parts) -> str:
    """A regex of escaped literals and ``(.+?)`` wildcards (linear-time segments in matching)."""
    pieces: list[str] = []
    for kind, text in parts:
        if kind == _LIT:
            pieces.append(re.escape(text))
        elif not pieces or pieces[-1] != "(.+?)":
            pieces.append("(.+?)")
    return "".join(pieces)


def _combine(*alternatives: tuple[Parts, ...]) -> tuple[Parts, ...]:
    """Concatenate alternatives (each argument a set of ways one piece can read)."""
    results: list[Parts] = [()]
    for options in alternatives:
        results = [_normalise(a + b) for a in results for b in options][:MAX_ALTERNATIVES]
    return _dedupe(results)


def _dedupe(options: Iterable[Parts]) -> tuple[Parts, ...]:
    seen: dict[Parts, None] = {}
    for option in options:
        seen.setdefault(option, None)
    return tuple(seen)[:MAX_ALTERNATIVES]


def _unknown(node: ast.expr) -> tuple[Parts, ...]:
    try:
        text = ast.unparse(node)
    except Exception:  # pragma: no cover - unparse handles every parsed node
        text = "..."
    return (((_EXPR, text),),)


# ---------------------------------------------------------------- symbolic evaluation


def _literal_text(parts: Parts) -> str | None:
    """The text when the parts are all literal (a plain string), else None."""
    if all(kind == _LIT for kind, _ in parts):
        return "".join(text for _, text in parts)
    return None


def _map_literals(parts: Parts, transform: str) -> Parts:
    """Apply strip/dedent to a template's text, placeholders kept as opaque tokens."""
    tokens: dict[str, str] = {}
    pieces: list[str] = []
    for kind, text in parts:
        if kind == _LIT:
            pieces.append(text)
        else:
            token = chr(0xE000 + len(tokens))
            tokens[token] = text
            pieces.append(token)
    joined = "".join(pieces)
    joined = textwrap.dedent(joined) if transform == "dedent" else getattr(joined, transform)()
    out: list[Part] = []
    for char in joined:
        if char in tokens:
            out.append((_EXPR, tokens[char]))
        else:
            out.append((_LIT, char))
    return _normalise(out)


def _format_field_text(field_name: str, conversion: str | None, spec: str) -> str:
    text = field_name
    if conversion:
        text += "!" + conversion
    if spec:
        text += ":" + spec
    return text


_HelperLookup = Callable[[str], "_Helper | None"]


@dataclass(frozen=True, slots=True)
class _Helper:
    """What a module-level function returns: a message, or an exception built with one."""

    error_class: str | None
    options: tuple[Parts, ...]


class _Evaluator:
    """Evaluates message expressions against an environment of known string variables."""

    def __init__(self, env: _Env, helper: _HelperLookup | None = None) -> None:
        self.env = env
        self.helper = helper

    def value(self, node: ast.expr) -> _Value | None:
        """A string-like value (alternatives) or a stored format method; None when unknown."""
        if isinstance(node, ast.Attribute) and node.attr == "format":
            base = self.strings(node.value)
            if base is not None and len(base) == 1:
                return _FormatFn(base[0])
            return None
        if isinstance(node, ast.Name) and isinstance(self.env.get(node.id), _FormatFn):
            return self.env[node.id]
        result = self.strings(node)
        if result is None or not any(_has_literal(option) for option in result):
            return None
        return result

    def strings(self, node: ast.expr) -> tuple[Parts, ...] | None:
        """The ways the expression can read as a string, or None when it is not a known one."""
        if isinstance(node, ast.Constant):
            return (((_LIT, node.value),),) if isinstance(node.value, str) else None
        if isinstance(node, ast.JoinedStr):
            return self._joined(node)
        if isinstance(node, ast.Name):
            known = self.env.get(node.id)
            return known if isinstance(known, tuple) else None
        if isinstance(node, ast.BinOp):
            return self._binop(node)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.IfExp):
            body = self.any(node.body)
            orelse = self.any(node.orelse)
            return _dedupe((*body, *orelse))
        return None

    def any(self, node: ast.expr) -> tuple[Parts, ...]:
        """Like ``strings`` but an unknown expression becomes one placeholder."""
        result = self.strings(node)
        return _unknown(node) if result is None else result

    def _joined(self, node: ast.JoinedStr) -> tuple[Parts, ...]:
        parts: list[Part] = []
        for value in node.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append((_LIT, value.value))
            elif isinstance(value, ast.FormattedValue):
                text = ast.unparse(value.value)
                conversion = chr(value.conversion) if value.conversion > 0 else None
                spec = ""
                if isinstance(value.format_spec, ast.JoinedStr):
                    spec = template_from_parts(self._joined(value.format_spec)[0])
                parts.append((_EXPR, _format_field_text(text, conversion, spec)))
        return (_normalise(parts),)

    def _binop(self, node: ast.BinOp) -> tuple[Parts, ...] | None:
        if isinstance(node.op, ast.Add):
            left = self.strings(node.left)
            right = self.strings(node.right)
            if left is None and right is None:
                return None
            return _combine(
                left if left is not None else _unknown(node.left),
                right if right is not None else _unknown(node.right),
            )
        if isinstance(node.op, ast.Mod):
            left = self.strings(node.left)
            if left is None:
                return None
            if isinstance(node.right, ast.Tuple) and not any(
                isinstance(e, ast.Starred) for e in node.right.elts
            ):
                args: list[ast.expr] | None = list(node.right.elts)
            elif isinstance(node.right, (ast.Tuple, ast.Dict)):
                args = None
            else:
                args = [node.right]
            return _dedupe(
                option for base in left for option in self._printf(base, args, node.right)
            )
        return None

    def _printf(
        self, base: Parts, args: list[ast.expr] | None, whole: ast.expr
    ) -> tuple[Parts, ...]:
        pieces: list[tuple[Parts, ...]] = []
        next_arg = 0
        for kind, text in base:
            if kind != _LIT:
                pieces.append((((kind, text),),))
                continue
            position = 0
            for found in _PRINTF_RE.finditer(text):
                pieces.append((((_LIT, text[position : found.start()]),),))
                position = found.end()
                if found.group("conv") == "%":
                    pieces.append((((_LIT, "%"),),))
                    continue
                key = found.group("key")
                if args is not None and key is None and next_arg < len(args):
                    pieces.append(self.any(args[next_arg]))
                    next_arg += 1
                else:
                    label = key if key is not None else ast.unparse(whole)
                    pieces.append((((_EXPR, label),),))
            pieces.append((((_LIT, text[position:]),),))
        return _combine(*pieces)

    def _call(self, node: ast.Call) -> tuple[Parts, ...] | None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "format":
            base = self.strings(func.value)
            if base is None:
                return None
            return _dedupe(option for b in base for option in self._format(b, node))
        if isinstance(func, ast.Name) and isinstance(self.env.get(func.id), _FormatFn):
            stored = self.env[func.id]
            assert isinstance(stored, _FormatFn)
            return self._format(stored.parts, node)
        if isinstance(func, ast.Attribute) and func.attr in _STRIP_METHODS and not node.args:
            base = self.strings(func.value)
            if base is None:
                return None
            return _dedupe(_map_literals(b, func.attr) for b in base)
        if ast.unparse(func) in _DEDENT_NAMES and len(node.args) == 1:
            base = self.strings(node.args[0])
            if base is None:
                return None
            return _dedupe(_map_literals(b, "dedent") for b in base)
        if isinstance(func, ast.Name) and func.id == "str" and len(node.args) == 1:
            return self.strings(node.args[0])
        if isinstance(func, ast.Name) and func.id not in self.env and self.helper is not None:
            found = self.helper(func.id)
            if found is not None and found.error_class is None:
                return found.options
        return None

    def _format(self, base: Parts, call: ast.Call) -> tuple[Parts, ...]:
        import string

        positional = [a for a in call.args if not isinstance(a, ast.Starred)]
        has_star = len(positional) != len(call.args)
        keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
        pieces: list[tuple[Parts, ...]] = []
        auto = 0
        for kind, text in base:
            if kind != _LIT:
                pieces.append((((kind, text),),))
                continue
            try:
                parsed = list(string.Formatter().parse(text))
            except ValueError:
                pieces.append((((_LIT, text),),))
                continue
            for literal, field_name, spec, conversion in parsed:
                pieces.append((((_LIT, literal),),))
                if field_name is None:
                    continue
                head = re.split(r"[.\[]", field_name, maxsplit=1)[0]
                arg: ast.expr | None = None
                if head == "":
                    if not has_star and auto < len(positional):
                        arg = positional[auto]
                    auto += 1
                elif head.isdigit():
                    index = int(head)
                    if not has_star and index < len(positional):
                        arg = positional[index]
                else:
                    arg = keywords.get(head)
                simple = head == field_name and not spec and conversion in (None, "s")
                if arg is not None and simple:
                    pieces.append(self.any(arg))
                elif arg is not None:
                    label = ast.unparse(arg) + field_name[len(head) :]
                    pieces.append((((_EXPR, _format_field_text(label, conversion, spec or "")),),))
                else:
                    label = _format_field_text(field_name or "", conversion, spec or "")
                    pieces.append((((_EXPR, label),),))
        return _combine(*pieces)


# ---------------------------------------------------------------- walking a module


def _terminates(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], (ast.Raise, ast.Return, ast.Continue, ast.Break))


def _merge(envs: list[_Env]) -> _Env:
    """Names known in every branch keep every way they can read; others become unknown."""
    if not envs:
        return {}
    merged: _Env = {}
    for name in set.intersection(*(set(env) for env in envs)):
        values = [env[name] for env in envs]
        if all(isinstance(v, tuple) for v in values):
            merged[name] = _dedupe(option for v in values for option in v)  # type: ignore[union-attr]
        elif all(v == values[0] for v in values):
            merged[name] = values[0]
    return merged


def _exception_class(node: ast.expr) -> str | None:
    """``ValueError`` / ``core.ConcretizationTypeError`` -> the class's own name."""
    if isinstance(node, ast.Name):
        name = node.id
    elif isinstance(node, ast.Attribute):
        name = node.attr
    else:
        return None
    return name if name[:1].isupper() else None


class _ModuleWalker:
    def __init__(
        self,
        file: str,
        module_env: _Env,
        stats: ExtractStats,
        functions: dict[str, ast.FunctionDef] | None = None,
        helpers: dict[str, _Helper | None] | None = None,
        collecting: bool = False,
    ) -> None:
        self.file = file
        self.module_env = module_env
        self.stats = stats
        self.sites: list[RaiseSite] = []
        self.functions = functions if functions is not None else {}
        self.helpers: dict[str, _Helper | None] = helpers if helpers is not None else {}
        # In collecting mode the walker only records what the function returns.
        self.collecting = collecting
        self.returns: list[_Helper | None] = []
        # The tests of the ``if`` statements whose body the walk is in, in this function.
        self.conditions: list[ast.expr] = []

    def evaluator(self, env: _Env) -> _Evaluator:
        return _Evaluator(env, self.helper)

    def helper(self, name: str) -> _Helper | None:
        """What module-level function ``name`` returns, when it is always a message or an
        exception with a message (memoised; recursion gives None)."""
        if name in self.helpers:
            return self.helpers[name]
        self.helpers[name] = None
        function = self.functions.get(name)
        if function is None:
            return None
        sub = _ModuleWalker(
            self.file, self.module_env, ExtractStats(), self.functions, self.helpers, True
        )
        sub.block(function.body, dict(self.module_env), [name])
        returns = sub.returns
        if not returns or any(r is None for r in returns):
            return None
        classes = {r.error_class for r in returns if r is not None}
        if len(classes) != 1:
            return None
        options = _dedupe(o for r in returns if r is not None for o in r.options)
        result = _Helper(classes.pop(), options)
        self.helpers[name] = result
        return result

    def record_return(self, node: ast.Return, env: _Env, scope: list[str]) -> None:
        if len(scope) != 1 or node.value is None:
            self.returns.append(None)
            return
        value = node.value
        evaluator = self.evaluator(env)
        if isinstance(value, ast.Call):
            error_class = _exception_class(value.func)
            if error_class is not None:
                message = next(
                    (
                        found
                        for found in (evaluator.strings(a) for a in value.args[:2])
                        if found is not None and any(_has_literal(o) for o in found)
                    ),
                    None,
                )
                self.returns.append(None if message is None else _Helper(error_class, message))
                return
        options = evaluator.strings(value)
        if options is None or not any(_has_literal(o) for o in options):
            self.returns.append(None)
        else:
            self.returns.append(_Helper(None, options))

    # statements ----------------------------------------------------------------------

    def block(self, body: list[ast.stmt], env: _Env, scope: list[str]) -> _Env:
        for statement in body:
            env = self.statement(statement, env, scope)
        return env

    def statement(self, node: ast.stmt, env: _Env, scope: list[str]) -> _Env:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if self.collecting:
                return env
            inner = {**self.module_env, **env}
            outer, self.conditions = self.conditions, []
            self.block(node.body, inner, [*scope, node.name])
            self.conditions = outer
            env.pop(node.name, None)
            return env
        if isinstance(node, ast.ClassDef):
            outer, self.conditions = self.conditions, []
            self.block(node.body, {**self.module_env}, [*scope, node.name])
            self.conditions = outer
            return env
        if self.collecting:
            if isinstance(node, ast.Return) and len(scope) == 1:
                self.record_return(node, env, scope)
                return env
            if isinstance(node, (ast.Raise, ast.Expr)):
                return env
        if isinstance(node, ast.Raise):
            self.raise_site(node, env, scope)
            return env
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            self.init_site(node, node.value, env, scope)
            return env
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            for target in targets:
                for name in _target_names(target):
                    env.pop(name, None)
            if value is not None and len(targets) == 1 and isinstance(targets[0], ast.Name):
                known = self.evaluator(env).value(value)
                if known is not None:
                    env[targets[0].id] = known
            return env
        if isinstance(node, ast.AugAssign):
            if isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add):
                name = node.target.id
                evaluator = self.evaluator(env)
                current = env.get(name)
                start = current if isinstance(current, tuple) else _unknown(node.target)
                added = evaluator.any(node.value)
                env[name] = _combine(start, added)
            else:
                for name in _target_names(node.target):
                    env.pop(name, None)
            return env
        if isinstance(node, ast.If):
            self.conditions.append(node.test)
            try:
                branches = [(node.body, self.block(node.body, copy.copy(env), scope))]
            finally:
                self.conditions.pop()
            branches.append((node.orelse, self.block(node.orelse, copy.copy(env), scope)))
            live = [e for body, e in branches if not _terminates(body)]
            return _merge(live) if live else env
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            after = self.block(node.body, copy.copy(env), scope)
            after = self.block(node.orelse, after, scope)
            return _merge([env, after])
        if isinstance(node, (ast.With, ast.AsyncWith)):
            return self.block(node.body, env, scope)
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            body: list[ast.stmt] = getattr(node, "body", [])
            after = self.block(body, copy.copy(env), scope)
            after = self.block(getattr(node, "orelse", []), after, scope)
            live = [] if _terminates(body) else [after]
            for handler in getattr(node, "handlers", []):
                handled = self.block(handler.body, copy.copy(env), scope)
                if not _terminates(handler.body):
                    live.append(handled)
            merged = _merge(live) if live else env
            return self.block(getattr(node, "finalbody", []), merged, scope)
        if type(node).__name__ == "Match":
            live = []
            for case in getattr(node, "cases", []):
                after = self.block(case.body, copy.copy(env), scope)
                if not _terminates(case.body):
                    live.append(after)
            return _merge([env, *live])
        return env

    # sites ---------------------------------------------------------------------------

    def raise_site(self, node: ast.Raise, env: _Env, scope: list[str]) -> None:
        self.stats.raise_statements += 1
        exc = node.exc
        if (
            isinstance(exc, ast.Call)
            and isinstance(exc.func, ast.Attribute)
            and exc.func.attr == "with_traceback"
            and isinstance(exc.func.value, ast.Call)
        ):
            exc = exc.func.value
        if not isinstance(exc, ast.Call):
            self.stats.no_message += 1
            return
        error_class = _exception_class(exc.func)
        if error_class is None:
            made = self.helper(exc.func.id) if isinstance(exc.func, ast.Name) else None
            if made is None or made.error_class is None:
                self.stats.not_a_class += 1
                return
            self._add_sites(node, made.error_class, made.options, scope, "helper")
            return
        self._site_from_args(node, exc, error_class, env, scope, "raise")

    def init_site(self, node: ast.stmt, call: ast.Call, env: _Env, scope: list[str]) -> None:
        """``super().__init__(msg)`` in an exception class's ``__init__``."""
        if len(scope) < 2 or scope[-1] != "__init__":
            return
        func = call.func
        if not (isinstance(func, ast.Attribute) and func.attr == "__init__"):
            return
        base = func.value
        is_super = isinstance(base, ast.Call) and ast.unparse(base.func) == "super"
        if not is_super and not isinstance(base, (ast.Name, ast.Attribute)):
            return
        class_name = scope[-2]
        if not class_name.endswith(("Error", "Exception", "Warning")):
            return
        args = call.args if is_super else call.args[1:]
        fake = ast.Call(
            func=ast.Name(id=class_name, ctx=ast.Load()), args=list(args), keywords=call.keywords
        )
        self._site_from_args(node, fake, class_name, env, scope, "init")

    def _site_from_args(
        self,
        node: ast.stmt,
        call: ast.Call,
        error_class: str,
        env: _Env,
        scope: list[str],
        kind: str,
    ) -> None:
        candidates = [a for a in call.args if not isinstance(a, ast.Starred)]
        candidates += [k.value for k in call.keywords if k.arg in ("msg", "message")]
        if not candidates:
            if kind == "raise":
                self.stats.no_message += 1
            return
        evaluator = self.evaluator(env)
        options: tuple[Parts, ...] | None = None
        for argument in candidates:
            found = evaluator.strings(argument)
            if found is not None and any(_has_literal(option) for option in found):
                options = found
                break
        if options is None:
            if kind == "raise":
                self.stats.too_little_literal += 1
            return
        self._add_sites(node, error_class, options, scope, kind)

    def _add_sites(
        self,
        node: ast.stmt,
        error_class: str,
        options: tuple[Parts, ...],
        scope: list[str],
        kind: str,
    ) -> None:
        function = ".".join(scope) or "<module>"
        kept = 0
        # A helper's message speaks of the helper's names, not of those the tests here fix.
        fixed = _fixed_values(self.conditions) if kind != "helper" else {}
        for parts in options:
            site = RaiseSite(
                template=template_from_parts(parts),
                error_class=error_class,
                file=self.file,
                line=node.lineno,
                function=function,
                parts=parts,
                kind=kind,
                values=_wildcard_values(parts, fixed) if fixed else (),
            )
            if site.literal_chars < MIN_LITERAL_CHARS:
                continue
            kept += 1
            self.sites.append(site)
        if not kept and kind != "init":
            self.stats.too_little_literal += 1


_BUILTIN_TYPES = frozenset(
    name for name, value in vars(builtins).items() if isinstance(value, type)
)


def _fixed_values(conditions: list[ast.expr]) -> dict[str, tuple[str, ...]]:
    """What the ``if`` tests around a raise fix, by the expression a placeholder would
    print: ``type(x) in (tuple, list)`` (or ``is tuple``, ``== tuple``) fixes
    ``type(x).__name__`` to those names (for Python's own types only, whose ``__name__`` is
    their name); ``x in ("a", "b")`` (or ``== "a"``) fixes ``x`` to those strings. A test of
    several, joined by ``and``, fixes what each does."""
    fixed: dict[str, tuple[str, ...]] = {}
    tests = list(conditions)
    while tests:
        test = tests.pop()
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            tests.extend(test.values)
            continue
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
            continue
        op, right = test.ops[0], test.comparators[0]
        if isinstance(op, ast.In) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
            choices = list(right.elts)
        elif isinstance(op, (ast.Is, ast.Eq)):
            choices = [right]
        else:
            continue
        left = test.left
        if (
            isinstance(left, ast.Call)
            and isinstance(left.func, ast.Name)
            and left.func.id == "type"
            and len(left.args) == 1
            and not left.keywords
        ):
            names = [c.id for c in choices if isinstance(c, ast.Name)]
            if len(names) == len(choices) and set(names) <= _BUILTIN_TYPES:
                fixed[ast.unparse(left) + ".__name__"] = tuple(names)
            continue
        strings = [c.value for c in choices if isinstance(c, ast.Constant)]
        if strings and len(strings) == len(choices) and all(isinstance(t, str) for t in strings):
            fixed[ast.unparse(left)] = tuple(str(text) for text in strings)
    return fixed


def _wildcard_values(
    parts: Parts, fixed: dict[str, tuple[str, ...]]
) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The values each of ``parts``' placeholders that ``fixed`` names prints, by the number
    of its wildcard in the pattern (a placeholder beside another shares its wildcard, and is
    left out)."""
    out: list[tuple[int, tuple[str, ...]]] = []
    wildcard = -1
    for position, (kind, text) in enumerate(parts):
        if kind != _EXPR:
            continue
        beside = position > 0 and parts[position - 1][0] == _EXPR
        after = position + 1 < len(parts) and parts[position + 1][0] == _EXPR
        if not beside:
            wildcard += 1
        expression, _, conversion = text.partition("!")
        if beside or after or ":" in conversion or expression not in fixed:
            continue
        values = fixed[expression]
        if conversion == "r":
            values = tuple(repr(value) for value in values)
        elif conversion not in ("", "s"):
            continue
        out.append((wildcard, values))
    return tuple(out)


def _target_names(target: ast.expr) -> Iterator[str]:
    for node in ast.walk(target):
        if isinstance(node, ast.Name):
            yield node.id


def _module_constants(tree: ast.Module) -> _Env:
    """Module-level string constants (``_MSG = "..."``) that functions may raise with."""
    env: _Env = {}
    for statement in tree.body:
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
        ):
            known = _Evaluator(env).value(statement.value)
            name = statement.targets[0].id
            if known is not None and name not in env:
                env[name] = known
            elif known is None:
                env.pop(name, None)
    return env


def extract_source(source: str, file: str, stats: ExtractStats | None = None) -> list[RaiseSite]:
    """Every raise site with a recognisable message in one module's source."""
    stats = stats if stats is not None else ExtractStats()
    tree = ast.parse(source, filename=file)
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    walker = _ModuleWalker(file, _module_constants(tree), stats, functions)
    walker.block(tree.body, {}, [])
    stats.templates += len(walker.sites)
    return walker.sites


def jax_package_files(jax_dir: Path) -> list[Path]:
    """The package's Python files, sorted (compiled caches left out)."""
    return sorted(
        path for path in jax_dir.rglob("*.py") if "__pycache__" not in path.parts and path.is_file()
    )


def extract_tree(jax_dir: Path) -> tuple[list[RaiseSite], ExtractStats]:
    """Every raise site in a ``jax/`` package folder; files are named ``jax/...`` relative."""
    started = time.perf_counter()
    stats = ExtractStats()
    sites: list[RaiseSite] = []
    prefix = jax_dir.name
    for path in jax_package_files(jax_dir):
        relative = f"{prefix}/{path.relative_to(jax_dir).as_posix()}"
        stats.files += 1
        try:
            source = path.read_text(encoding="utf-8")
            sites.extend(extract_source(source, relative, stats))
        except (SyntaxError, ValueError, UnicodeDecodeError, OSError, RecursionError):
            stats.unparsable_files.append(relative)
    stats.seconds = time.perf_counter() - started
    return sites, stats


def site_to_json(site: RaiseSite) -> dict[str, object]:
    return {
        "template": site.template,
        "error_class": site.error_class,
        "file": site.file,
        "line": site.line,
        "function": site.function,
        "parts": [list(part) for part in site.parts],
        "kind": site.kind,
        **({"values": [[n, list(v)] for n, v in site.values]} if site.values else {}),
    }


def site_from_json(raw: dict[str, object]) -> RaiseSite:
    parts = raw["parts"]
    assert isinstance(parts, list)
    return RaiseSite(
        template=str(raw["template"]),
        error_class=str(raw["error_class"]),
        file=str(raw["file"]),
        line=int(str(raw["line"])),
        function=str(raw["function"]),
        parts=tuple((str(kind), str(text)) for kind, text in parts),
        kind=str(raw["kind"]),
        values=tuple(
            (int(number), tuple(str(value) for value in values))
            for number, values in raw.get("values") or ()  # type: ignore[attr-defined]
        ),
    )


def _main(argv: list[str]) -> int:
    """``python extract.py JAX_DIR``: the sites as JSON on stdout.

    This file needs only the standard library, so it also runs as a plain script under
    another interpreter (the project's, when JAX uses syntax newer than ours can parse).
    """
    import json
    import sys
    from dataclasses import asdict

    if len(argv) != 1:
        print("usage: extract.py JAX_DIR", file=sys.stderr)
        return 2
    sites, stats = extract_tree(Path(argv[0]))
    json.dump({"sites": [site_to_json(site) for site in sites], "stats": asdict(stats)}, sys.stdout)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(_main(sys.argv[1:]))
