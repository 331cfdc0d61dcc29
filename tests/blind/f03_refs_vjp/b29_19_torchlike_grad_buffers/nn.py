"""Mutable, PyTorch-flavoured layers on top of JAX Refs (parameters and .grad buffers)."""
import jax
import jax.numpy as jnp


class Linear:
    def __init__(self, key, n_in, n_out):
        self.n_in, self.n_out = n_in, n_out
        self.weight = jax.new_ref(jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in))
        self.bias = jax.new_ref(jnp.zeros(n_out))
        self.zero_grad()

    def zero_grad(self):
        self.weight_grad = jax.new_ref(jnp.zeros((self.n_in, self.n_out)))
        self.bias_grad = jax.new_ref(jnp.zeros((self.n_out, 1)))

    def parameters(self):
        return [(self.weight, self.weight_grad), (self.bias, self.bias_grad)]


class SGD:
    def __init__(self, layers, lr):
        self.layers, self.lr = layers, lr

    def zero_grad(self):
        for layer in self.layers:
            layer.zero_grad()

    def step(self):
        for layer in self.layers:
            for p, g in layer.parameters():
                p[...] = p[...] - self.lr * g[...]
