"""Exploration policies over Q-values."""
import jax
import jax.numpy as jnp


def epsilon_greedy(q_values, key, epsilon):
    k_explore, k_action = jax.random.split(key)
    if jax.random.uniform(k_explore) < epsilon:
        return jax.random.randint(k_action, (), 0, q_values.shape[-1])
    return jnp.argmax(q_values)


def greedy(q_values, key, epsilon):
    return jnp.argmax(q_values)
