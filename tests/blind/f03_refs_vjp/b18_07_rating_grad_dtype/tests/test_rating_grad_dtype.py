import jax.numpy as jnp

from ratings.config import Config
from ratings.store import RatingStore
from ratings.train import update


def test_rating_grad_dtype():
    loss = update(RatingStore(Config()), jnp.array([0, 1]), jnp.array([2, 3]))
    assert loss.shape == ()
