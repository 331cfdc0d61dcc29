"""Estimate the W1 distance between two Gaussians with the regularised critic."""

import jax
import jax.numpy as jnp

from critic import critic, make_objective


def main(steps=30, lr=0.05):
    key = jax.random.PRNGKey(0)
    k1, k2, k3, k4 = jax.random.split(key, 4)
    params = {"w1": 0.5 * jax.random.normal(k1, (2, 16)), "w2": 0.5 * jax.random.normal(k2, (16, 1))}
    real = jax.random.normal(k3, (256, 2)) + jnp.array([1.0, 0.0])
    fake = jax.random.normal(k4, (256, 2))
    step = jax.jit(jax.value_and_grad(make_objective("spectral", 10.0)))
    for _ in range(steps):
        loss, grads = step(params, real, fake)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    w1 = float(jnp.mean(critic(params, real)) - jnp.mean(critic(params, fake)))
    print("W1 estimate:", w1)
    return w1


if __name__ == "__main__":
    main()
