"""Numerically safe activations with hand-written forward-mode rules."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def softclip(x, limit=3.0):
    """Smoothly clip to (-limit, limit): limit * tanh(x / limit)."""
    return limit * jnp.tanh(x / limit)


@softclip.defjvp
def _softclip_jvp(primals, tangents):
    x, limit = primals
    x_dot, _ = tangents
    t = jnp.tanh(x / limit)
    out = limit * t
    # derivative w.r.t. x only; limit is a fixed hyper-parameter
    return dict(primal=out, tangent=(1.0 - t**2) * x_dot)
