"""A reusable training loop: subclasses provide init_params and compute_loss."""

import jax


class Trainer:
    """compute_loss(params, batch) must return (loss, metrics dict)."""

    def __init__(self, learning_rate=0.01, log_every=10):
        self.learning_rate = learning_rate
        self.log_every = log_every
        self.history = []
        self._grad_fn = jax.jit(jax.value_and_grad(self.compute_loss, has_aux=True))

    def init_params(self, key):
        raise NotImplementedError

    def compute_loss(self, params, batch):
        raise NotImplementedError

    def update(self, params, grads):
        return jax.tree.map(lambda p, g: p - self.learning_rate * g, params, grads)

    def fit(self, key, batches):
        params = self.init_params(key)
        for i, batch in enumerate(batches):
            (loss, metrics), grads = self._grad_fn(params, batch)
            params = self.update(params, grads)
            if i % self.log_every == 0:
                self.history.append({"step": i, "loss": float(loss), **{k: float(v) for k, v in metrics.items()}})
        return params
