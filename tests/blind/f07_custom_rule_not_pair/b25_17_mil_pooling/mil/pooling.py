"""Log-sum-exp pooling of instance scores into bag scores (multiple-instance learning)."""

from functools import partial

import jax
import jax.numpy as jnp

from mil.expectations import softmax_weights, weighted_tangent


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def lse_pool(scores, temperature=0.5):
    """scores (n_bags, n_instances) -> (n_bags,), a smooth maximum per bag."""
    m = jnp.max(scores, axis=-1, keepdims=True)
    z = jnp.sum(jnp.exp((scores - m) / temperature), axis=-1)
    return m[..., 0] + temperature * jnp.log(z)


@lse_pool.defjvp
def _lse_pool_jvp(temperature, primals, tangents):
    (scores,), (scores_dot,) = primals, tangents
    out = lse_pool(scores, temperature)
    w = softmax_weights(scores, temperature)
    return out, weighted_tangent(w, scores_dot)
