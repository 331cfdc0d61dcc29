"""The library tables (data/library/tables.json, read by jaxerr_ls/library.py) against the JAX
installed beside the tests: each entry of a sample of functions, rebuilt by tracing the real
function (jaxerr_ls/library_build.py), is the entry shipped; and the families the culprit
search relies on are there."""

from __future__ import annotations

from typing import Any

import pytest

from jaxerr_ls.library import Library, library

# The functions the culprit search's own tests name, and a spread of the rest.
NAMED = frozenset(
    {
        "jax.numpy.column_stack",
        "jax.numpy.hstack",
        "jax.numpy.vstack",
        "jax.numpy.stack",
        "jax.numpy.concatenate",
        "jax.numpy.atleast_2d",
        "jax.numpy.nanstd",
        "jax.numpy.sum",
        "jax.numpy.linalg.norm",
        "jax.numpy.fmin",
        "jax.numpy.clip",
        "jax.numpy.minimum",
        "jax.numpy.exp",
        "jax.numpy.cumsum",
        "jax.numpy.squeeze",
        "jax.scipy.linalg.polar",
        "jax.scipy.linalg.expm",
        "jax.nn.relu",
        "jax.lax.min",
    }
)


def _sample(shipped: dict[str, Any]) -> frozenset[str]:
    names = sorted(
        {*shipped["rank_maps"], *shipped["joining"], *shipped["reductions"], *shipped["lowers_to"]}
    )
    return NAMED | frozenset(names[::40])


# Families kept whole: keyed by something other than a function's name.
_WHOLE = ("samplers", "dtype_constructors", "operators")


def _entries(tables: dict[str, Any], names: frozenset[str]) -> dict[str, Any]:
    """The tables restricted to ``names`` (samplers, dtypes and operators whole)."""
    picked: dict[str, Any] = {}
    for family, entries in tables.items():
        if isinstance(entries, dict) and family not in _WHOLE:
            picked[family] = {k: v for k, v in entries.items() if k in names}
        elif isinstance(entries, list):
            picked[family] = sorted(k for k in entries if k in names)
        else:
            picked[family] = entries
    return picked


def test_the_shipped_tables_are_what_the_installed_jax_does() -> None:
    """Rerun ``scripts/library-tables`` where this fails after a JAX upgrade."""
    pytest.importorskip("jax")
    import json

    from jaxerr_ls.library import TABLES
    from jaxerr_ls.library_build import build

    shipped = json.loads(TABLES.read_text(encoding="utf-8"))
    names = _sample(shipped)
    assert _entries(build(only=names), names) == _entries(shipped, names)


def test_the_tables_cover_the_families_the_culprit_search_reads() -> None:
    tables = library()
    # Stacking: vectors side by side make a matrix, matrices stay matrices.
    assert tables.rank_of_joined("numpy.column_stack", 1) == 2
    assert tables.rank_of_joined("jax.numpy.hstack", 2) == 2
    assert tables.rank_of_joined("jax.numpy.stack", 2) == 3
    # A dtype called as a function keeps the rank and names the dtype.
    assert tables.rank_of_call("jax.numpy.float32", 0) == 0
    assert tables.dtype_constructors[Library.canonical("numpy.int64")] == "int"
    # Samplers, the shape where their real signature puts it.
    assert tables.samplers["jax.random.t"].shape_position == 2
    assert tables.samplers["jax.random.poisson"].omitted_rank is None
    assert tables.samplers["jax.random.normal"].omitted_rank == 0
    assert tables.samplers["numpy.random.normal"].keyword == "size"
    # Reductions and where their axis goes.
    assert tables.reductions["jax.numpy.linalg.norm"] == 2
    assert tables.reductions["jax.numpy.nanmean"] == 1
    # Lowering: clip and minimum run ``min``; polar's default method runs a while loop.
    assert {"clip", "minimum"} <= tables.lowering_to("min")
    assert "jax.scipy.linalg.polar" in tables.while_loops
    # A function whose result's rank depends on sizes is left out.
    assert "jax.numpy.squeeze" not in tables.rank_maps
