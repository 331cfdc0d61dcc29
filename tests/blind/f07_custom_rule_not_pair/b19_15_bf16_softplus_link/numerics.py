"""Numerically careful activations for low-precision compute."""

import jax
import jax.numpy as jnp


def stable_sigmoid(x):
    """Sigmoid evaluated in float32, whatever the input precision."""
    return jax.nn.sigmoid(x.astype(jnp.float32))


@jax.custom_jvp
def softplus_link(x):
    y = jnp.logaddexp(x.astype(jnp.float32), 0.0)
    return y.astype(x.dtype)


@softplus_link.defjvp
def _softplus_link_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return softplus_link(x), dx * stable_sigmoid(x)
