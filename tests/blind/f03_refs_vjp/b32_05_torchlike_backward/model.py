"""A PyTorch-flavoured linear model: parameters live in mutable Refs."""
import jax
import jax.numpy as jnp


class Linear:
    def __init__(self, key, n_in, n_out):
        self.weight = jax.new_ref(jax.random.normal(key, (n_in, n_out)) * 0.1)
        self.bias = jax.new_ref(jnp.zeros((n_out,)))

    def parameters(self):
        return [self.weight, self.bias]

    def __call__(self, params, x):
        w, b = params
        return x @ w[...] + b[...]
