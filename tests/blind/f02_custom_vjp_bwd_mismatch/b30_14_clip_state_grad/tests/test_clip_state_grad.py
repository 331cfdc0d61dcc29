import jax
import jax.numpy as jnp

from charlm import VOCAB, init, train_step


def test_train_step_runs():
    params = init(jax.random.PRNGKey(1))
    tokens = jax.random.randint(jax.random.PRNGKey(2), (4, 12), 0, VOCAB)
    _, loss = train_step(params, tokens)
    assert jnp.isfinite(loss)
