import jax.numpy as jnp

import train
from train import cost


def test_newton_finds_a_lower_point():
    x = train.main()
    assert cost(x) < cost(jnp.array([1.0, 1.0]))
