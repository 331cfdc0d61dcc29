"""Fit a smooth heat-capacity curve cp(T) for a gas from tabulated data."""
import jax
import jax.numpy as jnp

from series import ChebSeries

T_DATA = jnp.array([300., 400., 500., 600., 700., 800., 900., 1000., 1200., 1500.])
CP_DATA = jnp.array([29.1, 29.3, 29.6, 30.0, 30.5, 31.0, 31.4, 31.9, 32.7, 33.7])


def misfit(series, T, cp):
    return jnp.mean((series(T) - cp) ** 2)


def fit(degree=4, steps=300, lr=0.2):
    series = ChebSeries.zeros(degree, 300.0, 1500.0)
    grad_fn = jax.jit(jax.value_and_grad(misfit))
    for _ in range(steps):
        value, g = grad_fn(series, T_DATA, CP_DATA)
        series = jax.tree_util.tree_map(lambda p, d: p - lr * d, series, g)
    return series, value


def main():
    series, value = fit()
    print("rmse", float(jnp.sqrt(value)), "cp(1100 K) =", float(series(1100.0)))


if __name__ == "__main__":
    main()
