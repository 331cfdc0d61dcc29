import jax
import jax.numpy as jnp

from shift import make_batch, step


def test_step_updates_weights():
    params = {"w": jnp.zeros(3), "b": jnp.zeros(())}
    new, loss = step(params, make_batch(jax.random.PRNGKey(1), n=16))
    assert new["w"].shape == (3,)
