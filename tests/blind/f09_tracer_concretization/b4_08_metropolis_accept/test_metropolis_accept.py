import jax
import jax.numpy as jnp

from mcmc import sample
from target import gaussian


def test_samples_have_right_shape():
    xs = sample(gaussian, jnp.zeros(3), jax.random.PRNGKey(1), n=50)
    assert xs.shape == (50, 3)
