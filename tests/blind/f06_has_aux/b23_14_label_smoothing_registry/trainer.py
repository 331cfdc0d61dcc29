import jax
import jax.numpy as jnp

from losses import REGISTRY


class Trainer:
    def __init__(self, model_fn, loss_name, lr=0.1):
        self.model_fn = model_fn
        self.criterion = REGISTRY[loss_name]
        self.lr = lr
        self.history = []
        self._step = jax.jit(self._train_step)

    def _objective(self, params, x, y):
        return self.criterion(self.model_fn(params, x), y)

    def _train_step(self, params, x, y):
        (value, metrics), grads = jax.value_and_grad(self._objective, has_aux=True)(params, x, y)
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return params, value, metrics

    def fit(self, params, x, y, epochs=20):
        for epoch in range(epochs):
            params, value, metrics = self._step(params, x, y)
            self.history.append({"loss": float(value), **{k: float(v) for k, v in metrics.items()}})
        return params
