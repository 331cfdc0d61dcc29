"""A gradient Ref a message names by its pytree path (``args[0][1]['b']``), followed through
the containers the value flow finds the ``with_refs`` entry made by (jaxerr_ls/culprit_paths.py),
on small projects written for these tests in the manner of test_culprit_state.py: the
traceback's lines marked ``# frame N``, the expected culprit ``# culprit``, the captures in
JAX's wording as the record's pattern captures them."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_culprit_state import culprits, marked_line, project

from jaxerr_ls.culprit_paths import parse_path
from jaxerr_ls.records import CulpritKind

REFS = CulpritKind.REFS_ARGUMENT

LAYERS = """
    import jax
    import jax.numpy as jnp


    def gradient_refs(sizes):
        out = []
        for n_in, n_out in zip(sizes[:-1], sizes[1:]):
            out.append({"w": jax.new_ref(jnp.zeros((n_in, n_out))),
                        "b": jax.new_ref(jnp.zeros((n_out, 1)))})  # culprit
        return out
    """
TRAIN = """
    import jax
    import jax.numpy as jnp

    from layers import gradient_refs


    def train(params, x, sizes):
        grads = gradient_refs(sizes)
        out, f_vjp = jax.vjp(loss, params, x)
        f_vjp.with_refs(grads, jax.ad.DontWant())(jnp.ones_like(out))  # frame 0


    def main():
        train(init(), jnp.ones((4, 3)), (3, 5, 2))  # frame 1
    """
LIST_OF_LAYERS = {
    "argument": "the argument at position args[0][1]['b'] of the differentiated function loss"
    " at /p/train.py:3",
    "given": "Ref{float32[2,1]}",
    "expected": "float32[2]",
}


def test_the_path_is_followed_into_a_list_built_by_appends_to_the_ref_made(
    tmp_path: Path,
) -> None:
    files, frames = project(tmp_path, {"layers.py": LAYERS, "train.py": TRAIN})
    [culprit] = culprits(files, frames, REFS, **LIST_OF_LAYERS)
    assert (culprit.span.path.name, culprit.span.line) == (
        "layers.py",
        marked_line(tmp_path / "layers.py"),
    )
    assert culprit.why is not None and "args[0][1]['b']" in culprit.why


def test_a_list_extended_otherwise_leaves_the_path_in_doubt(tmp_path: Path) -> None:
    layers = LAYERS.replace("        return out", "        out.extend(more())\n        return out")
    files, frames = project(tmp_path, {"layers.py": layers, "train.py": TRAIN})
    assert culprits(files, frames, REFS, **LIST_OF_LAYERS) == []


HOLDER = """
    import jax
    import jax.numpy as jnp


    class Holder:
        def __init__(self, params):
            self.grads = {}
            for name, value in params.items():
                self.grads[name] = jax.new_ref(jnp.zeros((2, 1)))  # culprit
    """
STEP = """
    import jax
    import jax.numpy as jnp

    from holder import Holder


    def step(params, x):
        holder = Holder(params)
        out, f_vjp = jax.vjp(loss, params, x)
        f_vjp.with_refs(holder.grads, jax.ad.DontWant())(jnp.ones_like(out))  # frame 0
    """
KEYED = {
    "argument": "the argument at position args[0]['w'] of the differentiated function loss"
    " at /p/step.py:3",
    "given": "Ref{float32[2,1]}",
    "expected": "float32[2]",
}


def test_the_path_is_followed_into_a_dict_filled_by_item_assignment(tmp_path: Path) -> None:
    files, frames = project(tmp_path, {"holder.py": HOLDER, "step.py": STEP})
    [culprit] = culprits(files, frames, REFS, **KEYED)
    assert (culprit.span.path.name, culprit.span.line) == (
        "holder.py",
        marked_line(tmp_path / "holder.py"),
    )
    # Changed otherwise too (an ``update``), the dict's entries are in doubt.
    updated = HOLDER + "        self.grads.update(extra)\n"
    files, frames = project(tmp_path, {"holder.py": updated, "step.py": STEP})
    assert culprits(files, frames, REFS, **KEYED) == []


STORE = """
    import jax
    import jax.numpy as jnp


    class Store:
        def __init__(self, params):
            self.params = params

        def zero_grads(self):
            return {k: jax.new_ref(jnp.zeros(v.shape)) for k, v in self.params.items()}  # culprit

        def step(self, x):
            out, f_vjp = jax.vjp(loss, self.params, x)
            f_vjp.with_refs(self.zero_grads(), jax.ad.DontWant())(jnp.ones_like(out))  # frame 0
    """
RUN = """
    import jax.numpy as jnp

    from store import Store


    def main():
        Store({"w": jnp.ones(3, jnp.bfloat16)}).step(jnp.ones(3))  # frame 1
    """
DICT_OF_REFS = {
    "argument": "the argument at position args[0]['w'] of the differentiated function loss"
    " at /p/store.py:3",
    "given": "Ref{float32[3]}",
    "expected": "bfloat16[3]",
}


def test_the_path_is_followed_into_a_dict_comprehension_a_method_returns(tmp_path: Path) -> None:
    files, frames = project(tmp_path, {"store.py": STORE, "run.py": RUN})
    [culprit] = culprits(files, frames, REFS, **DICT_OF_REFS)
    assert culprit.span.line == marked_line(tmp_path / "store.py")
    assert culprit.why is not None and "Ref{bfloat16[3]}" in culprit.why


def test_a_ref_the_project_builds_of_another_dtype_than_printed_is_no_culprit(
    tmp_path: Path,
) -> None:
    # The message says float32, the project builds int32 there: some other value is at fault.
    store = STORE.replace("jnp.zeros(v.shape)", "jnp.zeros(v.shape, jnp.int32)")
    files, frames = project(tmp_path, {"store.py": store, "run.py": RUN})
    assert culprits(files, frames, REFS, **DICT_OF_REFS) == []


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("at position args[0][1]['b'] of", (0, [1, "b"])),
        ('at position args[2]["w"][-1] of', (2, ["w", -1])),
        ("at position args[1] of", (1, [])),
        ("no position", None),
    ],
)
def test_paths_are_read_from_the_message(text: str, parsed: tuple[int, list] | None) -> None:
    assert parse_path(text) == parsed
