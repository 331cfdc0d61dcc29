"""Training loop: metrics logging is switched off for the benchmark run."""
from functools import partial

import jax
import jax.numpy as jnp

from hetero.loss import LossOptions, gaussian_nll


def build_step(options, lr=0.05):
    loss_fn = partial(gaussian_nll, options=options)

    @jax.jit
    def step(params, x, y):
        (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, x, y)
        return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss, aux

    return step


def main():
    x = jax.random.normal(jax.random.PRNGKey(8), (64, 3))
    y = x @ jnp.array([1.0, 0.0, -1.0]) + 0.3 * x[:, 0] * jax.random.normal(jax.random.PRNGKey(9), (64,))
    params = {"w_mean": jnp.zeros(3), "w_logvar": jnp.zeros(3)}
    step = build_step(LossOptions(log_metrics=False))
    for _ in range(5):
        params, loss, aux = step(params, x, y)
    print(loss)


if __name__ == "__main__":
    main()
