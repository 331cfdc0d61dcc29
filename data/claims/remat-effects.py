"""Claims of data/records/remat-effects.json."""

import jax
import jax.numpy as jnp
from jax.experimental import io_callback

from tests.claims import claim, raises


def block(x):
    io_callback(lambda v: None, None, jax.lax.stop_gradient(x))
    return jnp.sin(x)


@claim(
    "jax 0.12 words it 'Effects not supported in AD of `checkpoint`/`remat`'; jax 0.10 raises 'Effects not supported in partial-eval of `checkpoint`/`remat`' for the same code. The error points at the call of the checkpointed function, even if the callback's value is wrapped in stop_gradient."
)
def wording_per_version():
    where = "AD" if jax.__version__.startswith("0.12") else "partial-eval"
    with raises(NotImplementedError, f"Effects not supported in {where} of `checkpoint`/`remat`"):
        jax.grad(jax.checkpoint(block))(1.0)


@claim(
    "debug effects are allowed under remat. Note that it then runs again when the backward pass recomputes the block, so each step logs twice."
)
def debug_callback_twice():
    calls = []

    def logged(x):
        jax.debug.callback(lambda v: calls.append(v), x)
        return jnp.sin(x)

    jax.grad(jax.checkpoint(logged))(1.0)
    assert len(calls) == 2
