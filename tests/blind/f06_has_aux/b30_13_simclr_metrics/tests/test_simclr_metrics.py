import jax
import jax.numpy as jnp

from encoders import init
from pretrain import step


def test_one_contrastive_step():
    params = init(jax.random.PRNGKey(2))
    x = jax.random.normal(jax.random.PRNGKey(3), (16, 10))
    _, loss, _ = step(params, jax.random.PRNGKey(4), x)
    assert jnp.isfinite(loss)
