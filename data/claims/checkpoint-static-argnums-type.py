"""Claims of data/records/checkpoint-static-argnums-type.json."""

import functools

import jax
import numpy as np

from tests.claims import claim, raises

MESSAGE = (
    "the `static_argnums` argument to `jax.checkpoint` / `jax.remat` must be an int, tuple of ints"
)


def scale(x, n):
    return x * n


@claim(
    "so a list, a range, a bool or a tuple holding NumPy integers fails with this message (a bare NumPy integer fails earlier, with `'numpy.int64' object is not iterable`)"
)
def which_values_fail():
    for value in ([1], range(1, 2), True, (np.int64(1),)):
        with raises(TypeError, MESSAGE):
            jax.checkpoint(scale, static_argnums=value)(1.0, 2)
    with raises(TypeError, "'numpy.int64' object is not iterable"):
        jax.checkpoint(scale, static_argnums=np.int64(1))(1.0, 2)


@claim("Unlike jax.jit, which accepts any sequence")
def jit_accepts_lists():
    assert jax.jit(scale, static_argnums=[1])(1.0, 2) == 2.0


@claim(
    "The check runs when the checkpointed function is called, not when jax.checkpoint is applied"
)
def checked_at_call():
    wrapped = jax.checkpoint(scale, static_argnums=[1])
    with raises(TypeError, MESSAGE):
        wrapped(1.0, 2)


@claim(
    "Pass a tuple of ints: `jax.checkpoint(f, static_argnums=(2,))`, or a single int: `static_argnums=2`."
)
def tuple_or_int():
    assert jax.checkpoint(scale, static_argnums=(1,))(1.0, 2) == 2.0
    assert jax.checkpoint(scale, static_argnums=1)(1.0, 2) == 2.0


@claim(
    "bind it before checkpointing instead: `jax.checkpoint(functools.partial(block, use_norm=True))`"
)
def bind_with_partial():
    def block(x, use_norm=False):
        return x / 2 if use_norm else x

    assert jax.grad(jax.checkpoint(functools.partial(block, use_norm=True)))(1.0) == 0.5
