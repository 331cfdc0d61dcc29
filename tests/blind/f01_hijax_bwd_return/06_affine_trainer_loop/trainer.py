"""A small trainer object holding its parameters and learning rate."""

import jax
import jax.numpy as jnp

from kernels import affine


class LinearTrainer:
    def __init__(self, n_in, n_out, lr=0.1):
        self.lr = lr
        self.params = (jnp.zeros((n_in, n_out)), jnp.zeros((n_out,)))

    @staticmethod
    def loss(params, x, y):
        w, b = params
        return jnp.mean((affine(x, w, b) - y) ** 2)

    def step(self, x, y):
        loss, (gw, gb) = jax.value_and_grad(self.loss)(self.params, x, y)
        w, b = self.params
        self.params = (w - self.lr * gw, b - self.lr * gb)
        return loss
