import jax
import jax.numpy as jnp

from net import init, train_step


def test_running_statistics_move():
    params, state = init(jax.random.PRNGKey(2))
    x = jax.random.normal(jax.random.PRNGKey(3), (8, 5))
    _, new_state, metrics = train_step(params, state, (x, jnp.zeros(8, jnp.int32)))
    assert "accuracy" in metrics
