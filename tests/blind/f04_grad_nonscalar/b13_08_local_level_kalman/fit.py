from functools import partial

import jax
import jax.numpy as jnp

from ssm.likelihood import neg_loglik, variances


def simulate(key, n=120, q=0.05, r=0.5):
    k1, k2 = jax.random.split(key)
    level = jnp.cumsum(jnp.sqrt(q) * jax.random.normal(k1, (n,)))
    return level + jnp.sqrt(r) * jax.random.normal(k2, (n,))


def fit(y, steps=100, lr=0.01):
    theta = jnp.array([0.0, 0.0])
    grad_fn = jax.jit(jax.grad(partial(neg_loglik, y=y)))
    for _ in range(steps):
        theta = theta - lr * grad_fn(theta)
    return theta


def main(steps=100):
    y = simulate(jax.random.key(11))
    theta = fit(y, steps=steps)
    q, r = variances(theta)
    print(f"q={float(q):.3f} r={float(r):.3f}")
    return theta


if __name__ == "__main__":
    main()
