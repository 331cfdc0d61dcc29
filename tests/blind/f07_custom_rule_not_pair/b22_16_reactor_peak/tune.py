"""Tune the PI gains so that no feed-temperature scenario overshoots the limit."""

import jax
import jax.numpy as jnp

from reactor import peak_penalty, simulate


def objective(gains, feed_temps):
    effort = 1e-4 * jnp.sum(gains**2)
    return peak_penalty(gains, feed_temps) + effort


@jax.jit
def update(gains, feed_temps, lr=0.5):
    value, g = jax.value_and_grad(objective)(gains, feed_temps)
    return jnp.clip(gains - lr * g, 0.0, 20.0), value


def main(iters=30):
    feed_temps = jnp.linspace(330.0, 390.0, 6)
    gains = jnp.array([1.0, 0.1])
    for _ in range(iters):
        gains, value = update(gains, feed_temps)
    print("gains", gains, "penalty", value, "peak", simulate(gains, feed_temps).max())
    return value


if __name__ == "__main__":
    main()
