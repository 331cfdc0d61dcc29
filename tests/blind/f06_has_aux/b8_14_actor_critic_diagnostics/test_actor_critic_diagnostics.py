import jax
import jax.numpy as jnp

from agent import Agent, fake_rollout


def test_update_returns_a_finite_loss():
    agent = Agent(jax.random.PRNGKey(1))
    assert jnp.isfinite(agent.update(fake_rollout(jax.random.PRNGKey(5), n=8)))
