"""Recover half-lives of a mixed sample from gamma-counter readings."""
import jax
import jax.numpy as jnp

from decay import activity_curves

TIMES = jnp.linspace(0.0, 48.0, 25)  # hours


def counts_loss(log_k, c0, times, counts):
    pred = activity_curves(c0, jnp.exp(log_k), times)
    return jnp.mean((jnp.log1p(pred) - jnp.log1p(counts)) ** 2)


def fit(n_steps=100, lr=0.5):
    true_k = jnp.log(2.0) / jnp.array([6.0, 13.2, 2.7])
    c0 = jnp.array([800.0, 300.0, 1200.0])
    counts = activity_curves(c0, true_k, TIMES)
    log_k = jnp.log(jnp.array([0.1, 0.1, 0.1]))
    step = jax.jit(jax.value_and_grad(counts_loss))
    for _ in range(n_steps):
        value, g = step(log_k, c0, TIMES, counts)
        log_k = log_k - lr * g
    return log_k, value


def main():
    log_k, value = fit()
    print("half-lives (h):", jnp.log(2.0) / jnp.exp(log_k), "loss", float(value))


if __name__ == "__main__":
    main()
