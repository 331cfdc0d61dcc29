"""Fit the variational posterior with Adam-free plain SGD."""
import jax
import jax.numpy as jnp

from vi import Posterior, negative_elbo


@jax.jit
def step(q, key, X, y, lr=1e-3):
    (loss, terms), g = jax.value_and_grad(negative_elbo, has_aux=True)(q, key, X, y)
    q = jax.tree_util.tree_map(lambda p, d: p - lr * d, q, g)
    return q, terms


def make_data(key, n=200, d=3):
    k1, k2 = jax.random.split(key)
    X = jax.random.normal(k1, (n, d))
    w_true = jnp.array([1.5, -2.0, 0.5])
    y = jax.random.bernoulli(k2, jax.nn.sigmoid(X @ w_true)).astype(jnp.float32)
    return X, y


def main():
    X, y = make_data(jax.random.key(0))
    q = Posterior(jnp.zeros(3), jnp.full(3, -1.0))
    key = jax.random.key(1)
    for _ in range(300):
        key, sub = jax.random.split(key)
        q, terms = step(q, sub, X, y)
    print("nll", float(terms.nll), "kl", float(terms.kl))
    print("posterior mean", q.mean, "std", jnp.exp(q.log_std))


if __name__ == "__main__":
    main()
