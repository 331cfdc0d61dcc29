"""Which record a prediction names under the JAX a project uses: the checks predict the errors
of the newest JAX, and older releases word some of them as another record or a bare exception.

The JAX version is read from the ``jax/version.py`` of the project's environment, never by
running anything of it. Where it is not known, a prediction names both: its own record, and
what the older releases raise.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

# Imported with the checks, in the thread that imports them, not first in the lint thread while
# another thread may be importing them (the server loads the generated records in the
# background).
from jaxerr_ls.environments import workspace_venvs
from jaxerr_ls.generated import JaxNotFound, find_jax
from jaxerr_ls.history import WordingHistory
from jaxerr_ls.lint.checks import Prediction


@dataclass(frozen=True, slots=True)
class Earlier:
    """What the releases from ``since`` to the first that raises a check's record raise for
    the same mistake: another record, or an exception that no record describes. (Older ones
    are not known: most lack the API the check is about.)"""

    record: str | None
    exception: str
    since: str


# Proven by the trigger programs whose marker names what jax 0.10.2 raises
# (``# jaxerr-expect: CODE jax0.10.2=OTHER``) and their captured runs; tests/core/test_lint.py
# checks this table against them. The first release of each record is read from the wording
# history (data/history/curated-wordings.json).
EARLIER: dict[str, Earlier] = {
    "grad-ref-argument": Earlier("cotangent-type-mismatch", "ValueError", "0.10.2"),
    "vjp-ref-grad-missing": Earlier("cotangent-type-mismatch", "ValueError", "0.10.2"),
    "vjp-ref-grad-returned": Earlier("cotangent-type-mismatch", "ValueError", "0.10.2"),
    "vjp-with-refs-tree": Earlier(None, "Exception", "0.10.2"),
    "hijax-vjp-bwd-return": Earlier(None, "AssertionError", "0.10.2"),
}
# The records a prediction may name besides the checks' own.
EARLIER_CODES = frozenset(e.record for e in EARLIER.values() if e.record is not None)

_VERSION_RE = re.compile(r"\d+(?:\.\d+)*")


def version_key(version: str) -> tuple[int, ...] | None:
    """``0.10.2`` as ``(0, 10, 2)``; None for text that does not start with a version."""
    match = _VERSION_RE.match(version.strip())
    return None if match is None else tuple(int(part) for part in match[0].split("."))


@lru_cache(maxsize=64)
def first_release(code: str) -> str | None:
    """The oldest release that raises a wording of the record ``code``, from the history."""
    releases = WordingHistory().curated_releases(code)
    return releases[0] if releases else None


def for_jax(predictions: Sequence[Prediction], version: str | None) -> list[Prediction]:
    """The predictions as the JAX ``version`` raises them (None: not known, so each names
    what the older releases raise too)."""
    key = version_key(version) if version is not None else None
    found = []
    for prediction in predictions:
        earlier = EARLIER.get(prediction.code)
        first = first_release(prediction.code) if earlier is not None else None
        first_key = version_key(first) if first is not None else None
        if earlier is None or first is None or first_key is None:
            found.append(prediction)
        elif key is None:
            found.append(_both(prediction, earlier, first))
        elif key < first_key and key >= (version_key(earlier.since) or first_key):
            found.append(_older(prediction, earlier, version or ""))
        else:
            found.append(prediction)
    return found


def _both(prediction: Prediction, earlier: Earlier, first: str) -> Prediction:
    if earlier.record is not None:
        said = f"jax {earlier.since} to before {first} raises it as {earlier.record}"
        also: tuple[str, ...] = (earlier.record,)
    else:
        said = f"jax {earlier.since} to before {first} raises a bare {earlier.exception} here"
        also = ()
    return dataclasses.replace(prediction, message=f"{prediction.message} ({said})", also=also)


def _older(prediction: Prediction, earlier: Earlier, version: str) -> Prediction:
    if earlier.record is None:
        said = f"jax {version} raises a bare {earlier.exception} here"
        return dataclasses.replace(prediction, message=f"{prediction.message} ({said})")
    return dataclasses.replace(
        prediction,
        code=earlier.record,
        message=f"{prediction.message} (jax {version} raises it as {earlier.record})",
        origin=prediction.code,
        also=(prediction.code,),
    )


def installed_jax_version(root: Path | None, python_path: str = "") -> str | None:
    """The version of the JAX a project uses, read from its ``jax/version.py``: the
    ``pythonPath`` setting's virtualenv, then ``root``'s ``.venv`` and ``venv``, then
    ``$VIRTUAL_ENV`` and the running interpreter's site-packages. None where none has JAX."""
    for venv in workspace_venvs(root, python_path):
        try:
            return find_jax(explicit=venv).version
        except JaxNotFound:
            continue
    try:
        return find_jax(root).version
    except JaxNotFound:
        return None
