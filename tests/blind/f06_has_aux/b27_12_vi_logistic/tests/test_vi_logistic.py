import jax
import jax.numpy as jnp

from train import make_data, step
from vi import Posterior


def test_step_returns_terms():
    X, y = make_data(jax.random.key(2), n=40)
    q, terms = step(Posterior(jnp.zeros(3), jnp.zeros(3)), jax.random.key(3), X, y)
    assert q.mean.shape == (3,)
