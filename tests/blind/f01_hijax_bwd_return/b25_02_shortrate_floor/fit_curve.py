"""Fit the long-run level of a floored Vasicek model to a market yield curve."""

import jax
import jax.numpy as jnp

from rates import VasicekParams, zero_coupon_yields

MATURITIES = jnp.array([0.5, 1.0, 2.0, 3.0])
MARKET = jnp.array([0.001, 0.003, 0.007, 0.010])
DT = 1.0 / 12.0


def curve_error(theta, kappa, sigma, shocks):
    params = VasicekParams(kappa=kappa, theta=theta, sigma=sigma)
    model = zero_coupon_yields(params, jnp.zeros(shocks.shape[1]), shocks, DT, MATURITIES)
    return jnp.sum((model - MARKET) ** 2) * 1e4


@jax.jit
def update(theta, kappa, sigma, shocks, lr):
    err, g = jax.value_and_grad(curve_error)(theta, kappa, sigma, shocks)
    return theta - lr * g, err


def fit(n_iter=4):
    shocks = jax.random.normal(jax.random.key(0), (36, 256))
    theta = jnp.array(0.01)
    for _ in range(n_iter):
        theta, err = update(theta, jnp.array(0.3), jnp.array(0.006), shocks, 1e-3)
    return theta, err


def main():
    theta, err = fit()
    print(f"theta={float(theta):.4%} error={float(err):.4f}")


if __name__ == "__main__":
    main()
