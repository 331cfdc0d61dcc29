"""Fit GP hyperparameters by gradient descent on the marginal likelihood."""

import jax
import jax.numpy as jnp

from kernels import neg_log_marginal


def init_hyp():
    return {"log_ell": jnp.array(0.0), "log_sf": jnp.array(0.0), "log_sn": jnp.array(-1.0)}


@jax.jit
def step(hyp, x, y, lr=0.05):
    g = jax.grad(neg_log_marginal)(hyp, x, y)
    return jax.tree.map(lambda p, d: p - lr * d, hyp, g)


def fit(x, y, iters=50):
    hyp = init_hyp()
    for _ in range(iters):
        hyp = step(hyp, x, y)
    return hyp


def main():
    x = jnp.linspace(-3.0, 3.0, 24)[:, None]
    y = jnp.sin(x[:, 0]) + 0.1 * jnp.cos(7.0 * x[:, 0])
    hyp = fit(x, y)
    print({k: float(v) for k, v in hyp.items()})


if __name__ == "__main__":
    main()
