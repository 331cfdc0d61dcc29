"""Claims of data/records/linearization-failed.json."""

import jax
import jax.numpy as jnp
from jax import lax

from tests.claims import claim, raises

H = jnp.arange(8.0).reshape(1, 8)
MESSAGE = "Linearization failed to produce known values for all output primals"


def pool(h, reducer, init):
    return lax.reduce_window(h, init, reducer, (1, 2), (1, 2), "VALID").sum()


@claim(
    "`lax.reduce_window(x, -jnp.inf, jnp.maximum, ...)` (jnp.maximum is not lax.max) or `lax.reduce_window(x, 0.0, lax.max, ...)` (init 0 is not the identity of max)"
)
def unrecognised_reducers():
    for reducer, init in ((jnp.maximum, -jnp.inf), (lax.max, 0.0), (jnp.logaddexp, -jnp.inf)):
        with raises(ValueError, MESSAGE):
            jax.grad(lambda h, r=reducer, i=init: pool(h, r, i))(H)


@claim("jax.jvp still works; jax.grad, jax.value_and_grad, jax.vjp and jax.jacrev fail")
def forward_works():
    f = lambda h: pool(h, jnp.maximum, -jnp.inf)
    assert jax.jvp(f, (H,), (H,))[1] == 16.0
    for reverse in (jax.value_and_grad(f), jax.jacrev(f), lambda h: jax.vjp(f, h)):
        with raises(ValueError, MESSAGE):
            reverse(H)


@claim(
    "`jax.lax.reduce_window(h, -jnp.inf, jax.lax.max, ...)` for max pooling, `0.0` with `jax.lax.add` for sum/average pooling, `jnp.inf` with `jax.lax.min`"
)
def recognised_reducers():
    for reducer, init in ((lax.max, -jnp.inf), (lax.add, 0.0), (lax.min, jnp.inf)):
        jax.grad(lambda h, r=reducer, i=init: pool(h, r, i))(H)


@claim(
    "for non-overlapping windows reshape and reduce: `jax.nn.logsumexp(h.reshape(n, -1, k), axis=-1)`"
)
def reshape_reduce():
    jax.grad(lambda h: jax.nn.logsumexp(h.reshape(1, -1, 2), axis=-1).sum())(H)
