import jax
import jax.numpy as jnp

from train import Trainer, simulate


def test_cox_fit_runs():
    batch = simulate(jax.random.PRNGKey(2), n=40)
    params, loss, _ = Trainer("cox").fit({"beta": jnp.zeros(5)}, batch, steps=2)
    assert jnp.isfinite(loss)
