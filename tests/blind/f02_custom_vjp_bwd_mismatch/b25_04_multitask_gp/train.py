"""Type-II maximum likelihood for a batch of small regression tasks."""

import jax
import jax.numpy as jnp

from mtgp import GPHyper, batch_nll

N_TASKS, N_POINTS = 4, 6


def make_tasks(key):
    kx, kn = jax.random.split(key)
    x = jnp.sort(jax.random.uniform(kx, (N_TASKS, N_POINTS, 1), minval=-2.0, maxval=2.0), axis=1)
    freq = jnp.arange(1.0, N_TASKS + 1.0)[:, None]
    y = jnp.sin(freq * x[..., 0]) + 0.1 * jax.random.normal(kn, (N_TASKS, N_POINTS))
    return x, y


def fit(steps=20, lr=0.05):
    x, y = make_tasks(jax.random.key(11))
    hyper = GPHyper.init(N_TASKS)
    grad_fn = jax.jit(jax.value_and_grad(batch_nll))
    for _ in range(steps):
        nll, g = grad_fn(hyper, x, y)
        hyper = jax.tree.map(lambda p, d: p - lr * d, hyper, g)
    return hyper, nll


def main():
    hyper, nll = fit()
    print("nll", float(nll), "lengthscales", jnp.exp(hyper.log_lengthscale))


if __name__ == "__main__":
    main()
