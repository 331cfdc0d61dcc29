"""A categorical bandit policy: one logit per arm."""

import jax
import jax.numpy as jnp


def log_prob(action: jax.Array, logits: jax.Array) -> jax.Array:
    return jax.nn.log_softmax(logits)[action]


def sample_actions(key: jax.Array, logits: jax.Array, n: int) -> jax.Array:
    return jax.random.categorical(key, logits, shape=(n,))


PAYOUTS = jnp.array([0.2, 1.0, 0.5, -0.3])


def rewards(key: jax.Array, actions: jax.Array) -> jax.Array:
    return PAYOUTS[actions] + 0.1 * jax.random.normal(key, actions.shape)
