import jax.numpy as jnp

from agent.config import PPOConfig
from train import train


def test_training_moves_the_policy():
    theta = train(PPOConfig(epochs=1), iters=1)
    assert jnp.linalg.norm(theta) > 0.0
