import jax
import jax.numpy as jnp

from env import GridWorld
from rollout import episode_return


def test_return_is_bounded():
    r = episode_return(GridWorld(), jnp.zeros((4, 4, 4)), jax.random.key(0))
    assert -200.0 < r < 100.0
