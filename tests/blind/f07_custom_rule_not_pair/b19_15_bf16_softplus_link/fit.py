"""Fit the rental model with gradient descent."""

import jax
import jax.numpy as jnp

from glm import poisson_nll, rate


def synthetic_rentals(key, n=256, d=6):
    k1, k2 = jax.random.split(key)
    x = jax.random.normal(k1, (n, d))
    lam = jax.nn.softplus(x @ jnp.linspace(-0.5, 1.0, d) + 2.0)
    return x, jax.random.poisson(k2, lam).astype(jnp.float32)


def main(steps=40, lr=0.05):
    x, counts = synthetic_rentals(jax.random.PRNGKey(2))
    params = {"coef": jnp.zeros(x.shape[1]), "intercept": jnp.float32(1.0)}
    grad_fn = jax.jit(jax.value_and_grad(poisson_nll))
    for _ in range(steps):
        loss, grads = grad_fn(params, x, counts)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    print("nll:", float(loss), "mean rate:", float(jnp.mean(rate(params, x))))
    return float(loss)


if __name__ == "__main__":
    main()
