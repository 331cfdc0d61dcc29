import jax.numpy as jnp

from fit import fit


def test_fit_returns_finite_hyperparameters():
    x = jnp.linspace(-2.0, 2.0, 12)[:, None]
    hyp = fit(x, jnp.sin(x[:, 0]), iters=5)
    assert all(bool(jnp.isfinite(v)) for v in hyp.values())
