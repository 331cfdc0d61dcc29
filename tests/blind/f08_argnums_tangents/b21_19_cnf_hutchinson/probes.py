"""Random probe vectors for stochastic trace estimators."""
import jax
import jax.numpy as jnp


def rademacher_like(key, x, n_probes):
    """n_probes random sign vectors shaped like x."""
    return jax.random.choice(key, jnp.array([-1, 1]), shape=(n_probes, *x.shape))


def gaussian_like(key, x, n_probes):
    return jax.random.normal(key, (n_probes, *x.shape), x.dtype)
