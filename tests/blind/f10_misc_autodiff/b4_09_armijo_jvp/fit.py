"""Logistic regression fitted by gradient descent with a line search."""

import jax
import jax.numpy as jnp

from linesearch import descend
from ops import logistic_loss


def make_data(key, n=200, d=5):
    kx, kw = jax.random.split(key)
    x = jax.random.normal(kx, (n, d))
    w_true = jax.random.normal(kw, (d,))
    y = jnp.sign(x @ w_true + 0.1)
    return x, y


def fit(n=200, steps=5):
    x, y = make_data(jax.random.PRNGKey(0), n)
    w = descend(lambda w: logistic_loss(w, x, y), jnp.zeros(x.shape[1]), steps)
    return w, logistic_loss(w, x, y)


def main():
    w, loss = fit()
    print("loss", float(loss))


if __name__ == "__main__":
    main()
