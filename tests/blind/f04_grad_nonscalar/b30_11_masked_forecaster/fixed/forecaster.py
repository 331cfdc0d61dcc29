"""A GRU forecaster trained on padded demand series (one step ahead)."""
from functools import partial

import jax
import jax.numpy as jnp

from losses import per_step_mae, quantile_loss


def init(key, hidden=16):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "wx": jax.random.normal(k1, (1, 3 * hidden)) * 0.3,
        "wh": jax.random.normal(k2, (hidden, 3 * hidden)) / jnp.sqrt(hidden),
        "b": jnp.zeros(3 * hidden),
        "out": jax.random.normal(k3, (hidden, 1)) / jnp.sqrt(hidden),
    }


def gru_cell(params, h, x):
    gates_x = x @ params["wx"] + params["b"]
    gates_h = h @ params["wh"]
    zx, rx, nx = jnp.split(gates_x, 3, axis=-1)
    zh, rh, nh = jnp.split(gates_h, 3, axis=-1)
    z, r = jax.nn.sigmoid(zx + zh), jax.nn.sigmoid(rx + rh)
    n = jnp.tanh(nx + r * nh)
    h = (1.0 - z) * n + z * h
    return h, (h @ params["out"])[..., 0]


def predict(params, series):
    """series: (batch, time). Returns one-step-ahead predictions of the same shape."""
    batch = series.shape[0]
    h0 = jnp.zeros((batch, params["wh"].shape[0]))
    xs = jnp.swapaxes(series, 0, 1)[..., None]
    _, preds = jax.lax.scan(partial(gru_cell, params), h0, xs)
    return jnp.swapaxes(preds, 0, 1)


def objective(params, series, mask, q=0.5):
    pred = predict(params, series[:, :-1])
    return jnp.mean(quantile_loss(pred, series[:, 1:], mask[:, 1:], q=q))


@partial(jax.jit, static_argnames="q")
def train_step(params, series, mask, lr=1e-2, q=0.5):
    loss, grads = jax.value_and_grad(objective)(params, series, mask, q)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def evaluate(params, series, mask):
    pred = predict(params, series[:, :-1])
    return per_step_mae(pred, series[:, 1:], mask[:, 1:])
