"""An MLP classifier with batch normalisation and running statistics."""

import jax
import jax.numpy as jnp


class BNClassifier:
    def __init__(self, d_in, hidden, n_classes, momentum=0.9):
        self.sizes = (d_in, hidden, n_classes)
        self.momentum = momentum

    def init(self, key):
        d_in, hidden, n_classes = self.sizes
        k1, k2 = jax.random.split(key)
        params = {
            "w1": jax.random.normal(k1, (d_in, hidden)) / jnp.sqrt(d_in),
            "gamma": jnp.ones(hidden),
            "beta": jnp.zeros(hidden),
            "w2": jax.random.normal(k2, (hidden, n_classes)) / jnp.sqrt(hidden),
        }
        state = {"mean": jnp.zeros(hidden), "var": jnp.ones(hidden)}
        return params, state

    def apply(self, params, state, x, train):
        h = x @ params["w1"]
        if train:
            mean, var = jnp.mean(h, axis=0), jnp.var(h, axis=0)
            m = self.momentum
            state = {"mean": m * state["mean"] + (1 - m) * mean, "var": m * state["var"] + (1 - m) * var}
        else:
            mean, var = state["mean"], state["var"]
        h = params["gamma"] * (h - mean) / jnp.sqrt(var + 1e-5) + params["beta"]
        return jax.nn.relu(h) @ params["w2"], state

    def loss(self, params, state, batch):
        x, y = batch
        logits, new_state = self.apply(params, state, x, train=True)
        nll = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))
        metrics = {"nll": nll, "accuracy": jnp.mean(jnp.argmax(logits, -1) == y)}
        return nll, (metrics, new_state)
