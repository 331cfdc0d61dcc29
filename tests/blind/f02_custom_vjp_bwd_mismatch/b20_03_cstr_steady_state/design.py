"""Tune residence time and rate constants so the outlet hits a target B yield."""
import jax
import jax.numpy as jnp

from reactor import FEED, steady_state

TARGET = jnp.array([0.25, 0.55, 0.20])


def outlet_misfit(theta):
    x = steady_state(theta, FEED)
    return jnp.sum((x - TARGET) ** 2)


def main():
    theta = {"log_k": jnp.log(jnp.array([0.8, 0.3])), "tau": jnp.float32(2.0)}
    grad_fn = jax.jit(jax.value_and_grad(outlet_misfit))
    for it in range(100):
        value, g = grad_fn(theta)
        theta = jax.tree.map(lambda p, d: p - 0.2 * d, theta, g)
    print(f"misfit={float(value):.5f} tau={float(theta['tau']):.3f}")
    return float(value)


if __name__ == "__main__":
    main()
