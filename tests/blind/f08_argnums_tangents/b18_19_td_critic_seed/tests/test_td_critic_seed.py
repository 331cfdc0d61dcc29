import jax
import jax.numpy as jnp

from rl.critic import FourierCritic
from rl.td import td_update


def test_td_critic_seed():
    critic = FourierCritic(2, 8, jax.random.PRNGKey(0))
    head = td_update(critic, jnp.zeros((8, 1)), jnp.ones((4, 2)), jnp.ones(4), jnp.ones((4, 2)))
    assert head.shape == (8, 1)
