"""Least-squares FIR low-pass design by gradient descent on the stop-band energy."""
from functools import partial

import jax
import jax.numpy as jnp

from fir.response import freq_response, power


def band_loss(taps, omegas, desired, weights):
    return jnp.sum(weights * (power(freq_response(taps, omegas)) - desired) ** 2)


def design(n_taps=15, steps=50, lr=1e-3):
    omegas = jnp.linspace(0.0, jnp.pi, 64)
    desired = (omegas < 0.3 * jnp.pi).astype(jnp.float32)
    weights = jnp.where((omegas > 0.25 * jnp.pi) & (omegas < 0.4 * jnp.pi), 0.0, 1.0)
    loss = partial(band_loss, omegas=omegas, desired=desired, weights=weights)
    taps = jnp.full((n_taps,), 1.0 / n_taps)
    grad_fn = jax.jit(jax.grad(loss))
    for _ in range(steps):
        taps = taps - lr * grad_fn(taps)
    return taps


def main():
    print(design())


if __name__ == "__main__":
    main()
