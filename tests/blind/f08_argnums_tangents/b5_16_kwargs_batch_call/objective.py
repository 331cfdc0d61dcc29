"""Logistic regression objective with an L2 penalty."""

import jax
import jax.numpy as jnp


def penalised_nll(params, features, labels, l2: float = 1e-3):
    z = features @ params["w"] + params["b"]
    nll = jnp.mean(jnp.logaddexp(0.0, z) - labels * z)
    return nll + l2 * jnp.sum(params["w"] ** 2)


def make_batch(key, n: int = 100):
    features = jax.random.normal(key, (n, 3))
    labels = (features @ jnp.array([1.5, -1.0, 0.5]) > 0).astype(jnp.float32)
    return {"features": features, "labels": labels}
