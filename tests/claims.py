"""Claims as tests: the executable checks of what the API docs and records say about JAX.

Each file ``data/claims/<name>.py`` belongs to the API doc ``data/api/<name>.json`` or the
record ``data/records/<name>.json``. Each of its checks is a function decorated with
``@claim(QUOTE)``, where QUOTE is the sentence (or the part of one) of that doc or record the
check proves, copied literally; the function raises (an ``assert``, or an exception JAX raises)
when the claim is false. ``versions=`` limits a check to some JAX versions (a prefix of
``jax.__version__``: ``("0.12",)``); by default it runs under every pinned version.

Run every claim of one JAX version in one process (JAX's import dominates the time)::

    PYTHONPATH=. .venv-jax0.10/bin/python -m tests.claims [NAME ...]

(``--names`` instead prints which names and aliases of the API docs exist in that JAX, and
``--signatures`` which parameters of the API docs' signatures it lacks, and ``--table`` the
claims as a Markdown table, without running them), and
prints one JSON object per line: ``{"file", "name", "quote", "status", "detail", "seconds"}``,
with status ``pass``, ``fail`` or ``skip`` (not for this JAX version). This module must import
with the standard library alone (it also runs under the old JAX's Python), and JAX only when run.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.util
import inspect
import json
import re
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CLAIMS = REPO / "data" / "claims"

Check = Callable[[], object]


@dataclass(frozen=True)
class Claim:
    file: str
    name: str
    quote: str
    versions: tuple[str, ...] | None

    def applies_to(self, version: str) -> bool:
        return self.versions is None or any(version.startswith(v) for v in self.versions)


_registered: list[tuple[Claim, Check]] = []
_loading: list[str] = []


def claim(quote: str, *, versions: tuple[str, ...] | None = None) -> Callable[[Check], Check]:
    """Marks a check of the sentence QUOTE of this file's doc or record."""

    def register(check: Check) -> Check:
        _registered.append((Claim(_loading[-1], check.__name__, quote, versions), check))
        return check

    return register


@contextlib.contextmanager
def raises(exception: type[BaseException], match: str | None = None) -> Iterator[None]:
    """The block must raise EXCEPTION (or a subclass) whose message searches MATCH."""
    try:
        yield
    except exception as error:
        if match is not None and not re.search(match, str(error), re.DOTALL):
            raise AssertionError(f"raised {error!r}, which does not match {match!r}") from error
        return
    raise AssertionError(f"did not raise {exception.__name__}")


@contextlib.contextmanager
def flags(**values: Any) -> Iterator[None]:
    """JAX config flags set for the block and restored after it (``jax_enable_x64=True``)."""
    import jax

    saved = {name: getattr(jax.config, name) for name in values}
    for name, value in values.items():
        jax.config.update(name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            jax.config.update(name, value)


def hi_primitive(**methods: Any) -> Any:
    """A hijax primitive class computing sin, with these methods (HiPrim, or VJPHiPrimitive
    in jax 0.10); ``hi_primitive(...)(x)`` applies it to x."""
    import jax
    import jax.experimental.hijax as hijax
    import jax.numpy as jnp

    base = getattr(hijax, "HiPrim", None) or hijax.VJPHiPrimitive

    def __init__(self: Any, aval: Any) -> None:
        self.in_avals, self.out_aval, self.params = (aval,), aval, {}
        base.__init__(self)

    body = {"__init__": __init__, "expand": lambda self, x: jnp.sin(x), **methods}
    cls = type("SinPrim", (base,), body)
    apply = lambda x: cls(jax.typeof(x))(x)  # noqa: E731
    apply.cls = cls  # type: ignore[attr-defined]
    return apply


def jax_version() -> str:
    import jax

    return str(jax.__version__)


def declared(path: Path) -> list[Claim]:
    """The claims a file declares, read from its source without running it."""
    found = []
    for node in ast.parse(path.read_text(), str(path)).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for decorator in node.decorator_list:
            if (
                isinstance(decorator, ast.Call)
                and isinstance(decorator.func, ast.Name)
                and decorator.func.id == "claim"
            ):
                quote = ast.literal_eval(decorator.args[0])
                versions = next(
                    (ast.literal_eval(k.value) for k in decorator.keywords if k.arg == "versions"),
                    None,
                )
                found.append(Claim(path.stem, node.name, quote, versions))
    return found


def claim_files(names: list[str] | None = None) -> list[Path]:
    files = sorted(CLAIMS.glob("*.py"))
    return files if not names else [f for f in files if f.stem in names]


def _load(path: Path) -> None:
    _loading.append(path.stem)
    try:
        spec = importlib.util.spec_from_file_location(f"claims_{len(_loading)}", path)
        assert spec is not None and spec.loader is not None
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    finally:
        _loading.pop()


def run(names: list[str] | None = None) -> Iterator[dict[str, object]]:
    version = jax_version()
    for path in claim_files(names):
        start = len(_registered)
        try:
            _load(path)
        except Exception:
            yield {"file": path.stem, "name": "<import>", "quote": "", "status": "fail",
                   "detail": traceback.format_exc(limit=-3), "seconds": 0.0}  # fmt: skip
            continue
        for found, check in _registered[start:]:
            result: dict[str, object] = {"file": found.file, "name": found.name}
            result["quote"] = found.quote
            began = time.perf_counter()
            if not found.applies_to(version):
                result.update(status="skip", detail=f"not claimed for jax {version}")
            else:
                try:
                    check()
                    result.update(status="pass", detail="")
                except Exception:
                    result.update(status="fail", detail=traceback.format_exc(limit=-4))
            result["seconds"] = round(time.perf_counter() - began, 4)
            yield result


def resolves(dotted: str) -> bool:
    """Whether a dotted name (a module, then attributes) exists in the running JAX."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def _resolve(dotted: str) -> Any:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ImportError(dotted)


def documented_parameters(name: str, signature: str) -> list[str] | None:
    """The parameter names of a doc's ``jax.f(a, b=1, *, c=2)`` (or ``f.method(...)``)
    signature; None when it is written another way (a decorator, a definition, another call)."""
    found = re.match(r"^([\w.]+)\(", signature)
    if not found or not (found[1] == name or name.endswith(found[1].removeprefix("f"))):
        return None
    depth, inside = 1, []
    for char in signature[found.end() :]:
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(char, 0)
        if depth == 0:
            break
        inside.append(char if depth == 1 else "")
    names = [part.split("=")[0].strip().lstrip("*") for part in "".join(inside).split(",")]
    return [n for n in names if n.isidentifier()]


def undocumented_signatures() -> dict[str, list[str]]:
    """Each function doc -> the parameters its signature names that the running JAX lacks."""
    missing = {}
    for path in sorted((REPO / "data" / "api").glob("*.json")):
        doc = json.loads(path.read_text())
        names = documented_parameters(doc["name"], doc["signature"])
        if names is None or not resolves(doc["name"]):
            continue
        real = inspect.signature(_resolve(doc["name"])).parameters
        missing[path.stem] = [n for n in names if n not in real]
    return missing


def api_names() -> dict[str, list[str]]:
    """Each API doc's name and aliases -> whether it exists in the running JAX."""
    resolved = {}
    for path in sorted((REPO / "data" / "api").glob("*.json")):
        doc = json.loads(path.read_text())
        resolved[path.stem] = [n for n in [doc["name"], *doc.get("aliases", [])] if resolves(n)]
    return resolved


def table() -> str:
    """Every declared claim as a Markdown table row: its document, the quote, its check."""
    rows = ["| doc / record | claim (quoted) | check |", "| --- | --- | --- |"]
    for path in claim_files():
        for found in declared(path):
            quote = " ".join(found.quote.split()).replace("|", "\\|")
            only = f" (jax {', '.join(found.versions)} only)" if found.versions else ""
            rows.append(f"| `{found.file}` | {quote} | `{found.name}`{only} |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    if argv == ["--table"]:
        print(table())
        return 0
    if argv == ["--names"]:
        print(json.dumps(api_names()))
        return 0
    if argv == ["--signatures"]:
        print(json.dumps(undocumented_signatures()))
        return 0
    failed = 0
    for result in run(argv or None):
        failed += result["status"] == "fail"
        print(json.dumps(result), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    # The claims files import this module as tests.claims: register with that one, not __main__.
    import tests.claims

    sys.exit(tests.claims.main(sys.argv[1:]))
