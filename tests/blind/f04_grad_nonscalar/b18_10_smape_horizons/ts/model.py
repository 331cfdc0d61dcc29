"""Exponential smoothing forecaster trained on multi-horizon errors."""
import jax
import jax.numpy as jnp
from jax import lax

from ts.objectives import OBJECTIVES


def forecast(alpha, series, horizon):
    def body(level, y):
        level = alpha * y + (1.0 - alpha) * level
        return level, level
    _, levels = lax.scan(body, series[0], series)
    return jnp.stack([levels[: -horizon]] * horizon, axis=-1)


def targets(series, horizon):
    n = series.shape[0]
    return jnp.stack([series[h + 1 : n - horizon + h + 1] for h in range(horizon)], axis=-1)


def fit(series, objective="smape", horizon=4, steps=20):
    loss = lambda a: OBJECTIVES[objective](forecast(a, series, horizon), targets(series, horizon))
    value_and_grad = jax.jit(jax.value_and_grad(loss))
    alpha = 0.5
    for _ in range(steps):
        value, g = value_and_grad(alpha)
        alpha = jnp.clip(alpha - 0.1 * g, 0.01, 0.99)
    return alpha, value


def main():
    t = jnp.arange(120.0)
    series = 10.0 + jnp.sin(t / 8.0) + 0.01 * t
    print(fit(series))


if __name__ == "__main__":
    main()
