"""Compare a linearized model against finite differences along a direction."""
import jax
import jax.numpy as jnp


def check_directional(fn, params, eps=1e-3, seed=0):
    keys = jax.random.split(jax.random.key(seed), len(params))
    leaves, treedef = jax.tree.flatten(params)
    direction = jax.tree.unflatten(
        treedef, [jax.random.normal(k, jnp.shape(v)) for k, v in zip(keys, leaves)])
    _, jvp_fn = jax.linearize(fn, params)
    analytic = jvp_fn(direction)
    shifted = jax.tree.map(lambda p, d: p + eps * d, params, direction)
    numeric = (fn(shifted) - fn(params)) / eps
    return float(jnp.max(jnp.abs(analytic - numeric)))
