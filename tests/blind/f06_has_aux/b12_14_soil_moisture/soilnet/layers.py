"""A small flax-like model: parameters and mutable state are passed explicitly."""
import jax
import jax.numpy as jnp


class NormMLP:
    def __init__(self, n_in, hidden=16, momentum=0.9):
        self.n_in, self.hidden, self.momentum = n_in, hidden, momentum

    def init(self, key):
        k1, k2 = jax.random.split(key)
        params = {
            "w1": jax.random.normal(k1, (self.n_in, self.hidden)) / jnp.sqrt(self.n_in),
            "b1": jnp.zeros(self.hidden),
            "w2": jax.random.normal(k2, (self.hidden, 1)) / jnp.sqrt(self.hidden),
            "b2": jnp.zeros(1),
        }
        state = {"mean": jnp.zeros(self.n_in), "var": jnp.ones(self.n_in)}
        return params, state

    def apply(self, params, state, x, train):
        if train:
            mean, var = jnp.mean(x, 0), jnp.var(x, 0)
            m = self.momentum
            state = {"mean": m * state["mean"] + (1 - m) * mean,
                     "var": m * state["var"] + (1 - m) * var}
        else:
            mean, var = state["mean"], state["var"]
        h = jnp.tanh(((x - mean) / jnp.sqrt(var + 1e-5)) @ params["w1"] + params["b1"])
        return (h @ params["w2"] + params["b2"])[:, 0], state
