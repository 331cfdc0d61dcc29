"""Tune the kernel lengthscale of kernel ridge regression on held-out points."""

import jax
import jax.numpy as jnp

from solvers import rbf_kernel, ridge_solve


def validation_error(log_ls, x_tr, y_tr, x_va, y_va, reg=1e-2):
    ls = jnp.exp(log_ls)
    alpha = ridge_solve(rbf_kernel(x_tr, x_tr, ls), y_tr, reg)
    pred = rbf_kernel(x_va, x_tr, ls) @ alpha
    return jnp.mean((pred - y_va) ** 2)


def main(iters=10):
    x = jnp.linspace(-3.0, 3.0, 40)[:, None]
    y = jnp.sin(2.0 * x[:, 0])
    x_tr, y_tr, x_va, y_va = x[::2], y[::2], x[1::2], y[1::2]
    log_ls = jnp.array(0.5)
    for _ in range(iters):
        err, g = jax.value_and_grad(validation_error)(log_ls, x_tr, y_tr, x_va, y_va)
        log_ls = log_ls - 0.5 * g
    print("lengthscale", float(jnp.exp(log_ls)), "val mse", float(err))
    return float(err)


if __name__ == "__main__":
    main()
