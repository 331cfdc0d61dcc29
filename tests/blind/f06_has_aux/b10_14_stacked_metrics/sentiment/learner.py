"""A learner object holding parameters and a jitted update."""
import jax
import jax.numpy as jnp

from sentiment.objective import objective


class Learner:
    def __init__(self, vocab_size, lr=0.5):
        self.params = {"w": jnp.zeros(vocab_size), "b": jnp.array(0.0)}
        self.lr = lr
        self.history = []
        self._grad = jax.jit(jax.value_and_grad(objective, has_aux=True))

    def step(self, counts, labels):
        (loss, metrics), grads = self._grad(self.params, counts, labels)
        self.params = jax.tree.map(lambda p, g: p - self.lr * g, self.params, grads)
        self.history.append(metrics)
        return loss
