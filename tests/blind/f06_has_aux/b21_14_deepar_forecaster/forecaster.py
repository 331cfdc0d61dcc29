"""A probabilistic one-step-ahead forecaster with a small training loop."""
import jax
import jax.numpy as jnp

from likelihood import gaussian_nll


class Forecaster:
    def __init__(self, lookback, hidden=16, lr=0.05, seed=0):
        k1, k2, k3 = jax.random.split(jax.random.key(seed), 3)
        self.lookback = lookback
        self.lr = lr
        self.params = {
            "w_in": jax.random.normal(k1, (lookback, hidden)) * 0.3,
            "b_in": jnp.zeros(hidden),
            "w_mu": jax.random.normal(k2, (hidden, 1)) * 0.3,
            "w_sigma": jax.random.normal(k3, (hidden, 1)) * 0.3,
        }
        self._grad = jax.jit(jax.grad(gaussian_nll))

    def windows(self, series):
        n = series.shape[0] - self.lookback
        idx = jnp.arange(n)[:, None] + jnp.arange(self.lookback)[None, :]
        return series[idx], series[self.lookback:]

    def fit(self, series, epochs=10):
        x, y = self.windows(series)
        coverage = None
        for _ in range(epochs):
            grads, (mu, sigma) = self._grad(self.params, x, y)
            self.params = jax.tree.map(lambda p, g: p - self.lr * g, self.params, grads)
            coverage = jnp.mean(jnp.abs(y - mu) < 1.64 * sigma)
        return float(coverage)
