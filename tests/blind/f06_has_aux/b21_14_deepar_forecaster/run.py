"""Fit the forecaster to a noisy seasonal demand series."""
import jax
import jax.numpy as jnp

from forecaster import Forecaster


def demand_series(n=200, period=12):
    t = jnp.arange(n)
    noise = 0.2 * jax.random.normal(jax.random.key(5), (n,))
    return jnp.sin(2 * jnp.pi * t / period) + 0.01 * t + noise


def main():
    model = Forecaster(lookback=12)
    cov = model.fit(demand_series())
    print(f"90% interval coverage on the training windows: {cov:.2f}")
    return cov


if __name__ == "__main__":
    main()
