"""Stochastic variational inference loop with per-step diagnostics."""

from functools import partial

import jax
import jax.numpy as jnp

from bayes import init_posterior, negative_elbo


def fit(x, y, steps=100, lr=1e-3, seed=0):
    q = init_posterior(x.shape[1])
    key = jax.random.PRNGKey(seed)
    history = []
    for _ in range(steps):
        key, sub = jax.random.split(key)
        objective = partial(negative_elbo, with_terms=False)
        (loss, terms), g = jax.value_and_grad(objective, has_aux=True)(q, x, y, sub)
        q = jax.tree.map(lambda p, d: p - lr * d, q, g)
        history.append({k: float(v) for k, v in terms.items()})
    return q, history


def main():
    x = jax.random.normal(jax.random.PRNGKey(1), (50, 2))
    y = x @ jnp.array([1.5, -0.7]) + 0.3 * jax.random.normal(jax.random.PRNGKey(2), (50,))
    q, history = fit(x, y)
    print("posterior mean", q["mu"], "final kl", history[-1]["kl"])


if __name__ == "__main__":
    main()
