"""Tune the RBF bandwidth of a kernel ridge regressor on a validation split."""
import jax
import jax.numpy as jnp

from kernels import rbf
from linalg import solve_regularized

LAM = 1e-2


def validation_loss(log_bandwidth, X_tr, y_tr, X_val, y_val):
    K = rbf(X_tr, X_tr, log_bandwidth)
    alpha = solve_regularized(lambda v: K @ v + LAM * v, y_tr)
    pred = rbf(X_val, X_tr, log_bandwidth) @ alpha
    return jnp.mean((pred - y_val) ** 2)


def make_data(key, n=80):
    k1, k2 = jax.random.split(key)
    X = jax.random.uniform(k1, (n, 2), minval=-2.0, maxval=2.0)
    y = jnp.sin(2.0 * X[:, 0]) * jnp.cos(X[:, 1]) + 0.05 * jax.random.normal(k2, (n,))
    return X[:60], y[:60], X[60:], y[60:]


def main():
    data = make_data(jax.random.key(0))
    log_bw = jnp.array(1.0)
    grad_fn = jax.jit(jax.value_and_grad(validation_loss))
    for _ in range(40):
        value, g = grad_fn(log_bw, *data)
        log_bw = log_bw - 0.5 * g
    print("bandwidth", float(jnp.exp(log_bw)), "val mse", float(value))


if __name__ == "__main__":
    main()
