"""A minimal trainer base class: subclasses provide init_params and compute_loss."""

import jax


class Trainer:
    learning_rate = 0.1

    def __init__(self, seed=0):
        self.params = self.init_params(jax.random.key(seed))
        self._grad = jax.jit(jax.grad(self.compute_loss))
        self.history = []

    def init_params(self, key):
        raise NotImplementedError

    def compute_loss(self, params, batch):
        raise NotImplementedError

    def step(self, batch):
        grads, logs = self._grad(self.params, batch)
        self.params = jax.tree.map(lambda p, g: p - self.learning_rate * g, self.params, grads)
        self.history.append({k: float(v) for k, v in logs.items()})
        return logs

    def fit(self, batches):
        for batch in batches:
            self.step(batch)
        return self.history
