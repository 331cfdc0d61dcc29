import jax
import jax.numpy as jnp

from estimate import sample
from poll.model import VoteModel
from poll.weights import rake_weights


def test_short_fit():
    groups, x, y = sample(jax.random.key(0))
    params = VoteModel(6).fit(x, y, rake_weights(groups, jnp.full((6,), 1 / 6)), steps=2)
    assert params["coef"].shape == (6,)
