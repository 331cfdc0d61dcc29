"""Logistic regression with one hidden layer, written for batches."""
import jax
import jax.numpy as jnp


def init(key, d_in, d_hidden=32):
    k1, k2 = jax.random.split(key)
    return dict(
        w1=jax.random.normal(k1, (d_in, d_hidden)) / jnp.sqrt(d_in),
        b1=jnp.zeros(d_hidden),
        w2=jax.random.normal(k2, (d_hidden,)) / jnp.sqrt(d_hidden),
        b2=jnp.zeros(()),
    )


def predict(params, x):
    """Logits of shape (batch,)."""
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def binary_xent(logits, labels):
    """Per-example binary cross-entropy; the caller reduces."""
    return jnp.logaddexp(0.0, logits) - labels * logits


def per_example_loss(params, x, y):
    return binary_xent(predict(params, x[None]), y[None])[0]
