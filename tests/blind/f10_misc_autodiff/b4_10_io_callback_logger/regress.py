"""Poisson regression whose loss reports its parts to the host."""

import jax
import jax.numpy as jnp

from metrics import HISTORY, log_scalar


def loss_fn(w, x, counts):
    rate = jnp.exp(x @ w)
    nll = jnp.mean(rate - counts * jnp.log(rate))
    log_scalar("nll", nll)
    return nll + 1e-3 * jnp.sum(w ** 2)


@jax.jit
def update(w, x, counts, lr=0.1):
    return w - lr * jax.grad(loss_fn)(w, x, counts)


def main(steps=20):
    x = jax.random.normal(jax.random.PRNGKey(0), (100, 3)) * 0.5
    counts = jax.random.poisson(jax.random.PRNGKey(1), jnp.exp(x @ jnp.array([0.5, -0.3, 0.2])))
    w = jnp.zeros(3)
    for _ in range(steps):
        w = update(w, x, counts)
    jax.effects_barrier()
    print("w", w, "last nll", HISTORY["nll"][-1])
    return w


if __name__ == "__main__":
    main()
