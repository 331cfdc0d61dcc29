"""Fit a line through data with outliers."""
import jax
import jax.numpy as jnp

from robust.model import cauchy_loss


def main():
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (64, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5]) + 0.3
    y = y.at[::9].add(25.0)
    params = {"coef": jnp.zeros(3), "intercept": jnp.zeros(())}
    for _ in range(20):
        grads = jax.grad(cauchy_loss)(params, x, y)
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
    print(params)


if __name__ == "__main__":
    main()
