import jax
import jax.numpy as jnp

from reliability import fit, simulate


def test_fit_gives_positive_shape():
    left, right = simulate(jax.random.PRNGKey(1), n=50)
    log_k, _ = fit(left, right, steps=3)
    assert jnp.isfinite(log_k)
