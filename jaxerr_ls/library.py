"""What the functions of numpy, jax.numpy, jax.nn, jax.scipy, jax.random and jax.lax do to the
rank and dtype of what they are given, read from the tables built from the real JAX
(``data/library/tables.json``, made by ``jaxerr_ls.library_build``; no JAX needed here).

Functions are named as the project model qualifies them (``jax.numpy.column_stack``);
numpy's and scipy's functions of the same name are taken to behave as JAX's
(``numpy.column_stack`` is looked up as ``jax.numpy.column_stack``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

TABLES = Path(__file__).parent / "data" / "library" / "tables.json"
# numpy and scipy modules read as the JAX module of the same functions.
_ALIASES = {
    "numpy": "jax.numpy",
    "numpy.linalg": "jax.numpy.linalg",
    "numpy.fft": "jax.numpy.fft",
    "scipy.special": "jax.scipy.special",
    "scipy.linalg": "jax.scipy.linalg",
}


@dataclass(frozen=True)
class Sampler:
    """A sampler of jax.random or NumPy whose draw has exactly the shape asked for."""

    shape_position: int  # where the shape goes positionally (a jax.random key is 0)
    keyword: str  # its name: ``shape`` (jax.random), ``size`` (NumPy)
    omitted_rank: int | None  # the rank of a draw without ``shape`` (None: its parameters')


@dataclass(frozen=True)
class Library:
    """The tables, by qualified name."""

    jax: str
    # The rank of ``f(x)`` for ``x`` of rank 0..3 (None where JAX refuses it).
    rank_maps: dict[str, list[int | None]]
    # The rank of ``f([x, y])`` for items of rank 0..3 (stacking and concatenation).
    joining: dict[str, list[int | None]]
    # ``f(x, y)`` broadcasts its two operands as arithmetic does.
    broadcasting: frozenset[str]
    # Reductions taking ``axis`` and ``keepdims``: where ``axis`` goes positionally.
    reductions: dict[str, int]
    samplers: dict[str, Sampler]
    # Scalar types called as functions (``jnp.float32(x)``), by dtype kind.
    dtype_constructors: dict[str, str]
    # The dtype kind of ``f(x)`` by the kind of ``x`` (bool, int, float, complex), where known.
    dtype_maps: dict[str, dict[str, str]]
    # The kind of every dtype NumPy accepts by name or type code (``"int16"``, ``"f4"``).
    dtype_names: dict[str, str]
    # The dtype kind of ``x <op> y`` by operator (its ``ast`` name) and operand kinds
    # (``"bool,pyint"``: Python scalars weakly typed), JAX's promotion traced.
    operators: dict[str, dict[str, str]]
    # The primitives each function lowers to (``jnp.clip`` -> max, min).
    lowers_to: dict[str, frozenset[str]]
    # Functions that run a ``while_loop`` with their default arguments (reverse mode refuses).
    while_loops: frozenset[str]

    @staticmethod
    def canonical(qualified: str) -> str:
        """``numpy.hstack`` -> ``jax.numpy.hstack``."""
        module, _, name = qualified.rpartition(".")
        return f"{_ALIASES.get(module, module)}.{name}"

    def rank_of_call(self, qualified: str, rank: int) -> int | None:
        """The rank of ``f(x)`` for ``x`` of ``rank`` (None where not known)."""
        ranks = self.rank_maps.get(self.canonical(qualified))
        return ranks[rank] if ranks is not None and 0 <= rank < len(ranks) else None

    def dtype_of_call(self, qualified: str, given: str | None) -> str | None:
        """The dtype kind of ``f(x)`` for ``x`` of kind ``given``; with ``given`` unknown, the
        kind ``f`` returns whatever it takes (``argmax``: int), else None."""
        kinds = self.dtype_maps.get(self.canonical(qualified))
        if kinds is None:
            return None
        if given is not None:
            return kinds.get(given)
        answers = set(kinds.values())
        return answers.pop() if len(answers) == 1 else None

    def dtype_of_operator(self, operator: str, left: str, right: str) -> str | None:
        """The dtype kind of ``x <operator> y`` (``"Mult"``) for operands of those kinds, at
        least one an array; None where JAX refuses them or the table does not say."""
        return self.operators.get(operator, {}).get(f"{left},{right}")

    def dtype_of_name(self, name: str) -> str | None:
        """The kind of a dtype written as a string (``"float32"``, ``"<u2"``, ``"i8"``): NumPy's
        names and type codes, after a leading byte-order character."""
        if name[:1] in ("<", ">", "=", "|") and len(name) > 1:
            name = name[1:]
        return self.dtype_names.get(name)

    def rank_of_joined(self, qualified: str, rank: int) -> int | None:
        """The rank of ``f([x, ...])`` for items of ``rank`` (None where not known)."""
        ranks = self.joining.get(self.canonical(qualified))
        return ranks[rank] if ranks is not None and 0 <= rank < len(ranks) else None

    @cached_property
    def _item_by_item(self) -> frozenset[str]:
        """The functions whose ``f(x)`` has ``x``'s rank for every rank (``jax.nn.gelu``) or
        whose ``f(x, y)`` broadcasts its operands (``jax.lax.add``)."""
        same_rank = (name for name, ranks in self.rank_maps.items() if ranks == [0, 1, 2, 3])
        return frozenset(same_rank) | self.broadcasting

    @cached_property
    def _item_by_item_names(self) -> frozenset[str]:
        return frozenset(name.rpartition(".")[2] for name in self._item_by_item)

    def elementwise(self, qualified: str) -> bool:
        """Whether the function is applied item by item (``jax.nn.gelu``, ``jax.lax.add``)."""
        return self.canonical(qualified) in self._item_by_item

    def keeps_shape(self, name: str) -> bool:
        """Whether a function of this last name, in any module the tables cover, is applied
        item by item (``tanh``, ``add``): the shape is then the operands' making, not the
        call's."""
        return name in self._item_by_item_names

    def lowering_to(self, primitive: str) -> frozenset[str]:
        """The last names of the functions that lower to ``primitive``."""
        return frozenset(
            name.rpartition(".")[2]
            for name, primitives in self.lowers_to.items()
            if primitive in primitives
        )


@cache
def library() -> Library:
    """The tables shipped with jaxerr-ls."""
    raw = json.loads(TABLES.read_text(encoding="utf-8"))
    return Library(
        jax=raw["jax"],
        rank_maps=raw["rank_maps"],
        joining=raw["joining"],
        broadcasting=frozenset(raw["broadcasting"]),
        reductions=raw["reductions"],
        samplers={
            name: Sampler(entry["shape"], entry["keyword"], entry["omitted"])
            for name, entry in raw["samplers"].items()
        },
        dtype_constructors=raw["dtype_constructors"],
        dtype_maps=raw["dtype_maps"],
        dtype_names=raw["dtype_names"],
        operators=raw.get("operators", {}),
        lowers_to={name: frozenset(p) for name, p in raw["lowers_to"].items()},
        while_loops=frozenset(raw["while_loops"]),
    )
