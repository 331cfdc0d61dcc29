"""Generic gradient-descent trainer for models exposing loss(params, data)."""
import jax


class Trainer:
    def __init__(self, model, lr=0.05):
        self.model = model
        self.lr = lr
        self._step = jax.jit(self._update)

    def _update(self, params, data):
        (value, aux), grads = jax.value_and_grad(self.model.loss, has_aux=True)(params, data)
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return params, value, aux

    def fit(self, params, data, epochs):
        history = []
        for _ in range(epochs):
            params, value, aux = self._step(params, data)
            history.append(float(value))
        return params, history, aux
