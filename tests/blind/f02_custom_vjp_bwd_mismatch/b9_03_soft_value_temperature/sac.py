"""Soft Bellman targets and the entropy-temperature loss of a tiny SAC agent."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from smooth import soft_max_value


class Batch(NamedTuple):
    reward: jax.Array      # (B,)
    next_q: jax.Array      # (B, A)
    target: jax.Array      # (B,)


def soft_targets(log_tau, batch, gamma=0.99):
    tau = jnp.exp(log_tau)
    v_next = jax.vmap(soft_max_value, in_axes=(0, None))(batch.next_q, tau)
    return batch.reward + gamma * v_next


def temperature_loss(log_tau, batch):
    return jnp.mean((soft_targets(log_tau, batch) - batch.target) ** 2)


def update_temperature(log_tau, batch, lr=0.05):
    loss, g = jax.value_and_grad(temperature_loss)(log_tau, batch)
    return log_tau - lr * g, loss


def make_batch(key, b=6, a=4):
    k1, k2, k3 = jax.random.split(key, 3)
    return Batch(jax.random.normal(k1, (b,)), jax.random.normal(k2, (b, a)),
                 1.0 + jax.random.normal(k3, (b,)))


def main():
    batch = make_batch(jax.random.key(0))
    log_tau = jnp.log(0.5)
    for _ in range(3):
        log_tau, loss = update_temperature(log_tau, batch)
    print("tau", jnp.exp(log_tau), "loss", loss)


if __name__ == "__main__":
    main()
