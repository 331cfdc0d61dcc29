import jax
import jax.numpy as jnp
import numpy as np

from blr import MeanFieldGuide, negative_elbo


def loan_book(n=200, d=4, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d)).astype(np.float32)
    w_true = np.array([1.5, -2.0, 0.5, 0.0], dtype=np.float32)
    y = (rng.uniform(size=n) < 1.0 / (1.0 + np.exp(-X @ w_true))).astype(np.float32)
    return jnp.asarray(X), jnp.asarray(y)


def fit(X, y, steps=200, lr=0.01, seed=0):
    guide = MeanFieldGuide(X.shape[1])
    state = guide.init()
    grad_fn = jax.jit(jax.value_and_grad(negative_elbo), static_argnums=1)
    key = jax.random.key(seed)
    for _ in range(steps):
        key, sub = jax.random.split(key)
        loss, g = grad_fn(state, guide, X, y, sub)
        state = jax.tree.map(lambda p, d: p - lr * d, state, g)
    return state, loss


def main():
    X, y = loan_book()
    state, loss = fit(X, y)
    print("neg ELBO", float(loss), "posterior means", state["mu"])


if __name__ == "__main__":
    main()
