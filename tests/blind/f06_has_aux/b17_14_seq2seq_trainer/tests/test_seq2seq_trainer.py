import jax
import jax.numpy as jnp

from model import GRU
from trainer import Trainer


def test_one_step():
    model = GRU(d_in=3, d_hidden=4, vocab=3)
    params = model.init(jax.random.PRNGKey(0))
    tokens = jnp.zeros((4, 2), dtype=jnp.int32)
    _, loss, _ = Trainer(model).step(params, jax.nn.one_hot(tokens, 3), tokens)
    assert jnp.isfinite(loss)
