"""Maximum-likelihood fit by gradient descent, keeping residuals for diagnostics."""

import jax
import jax.numpy as jnp


class Fitter:
    def __init__(self, model, lr=1e-3, steps=200):
        self.model = model
        self.lr = lr
        self.steps = steps
        self._step = jax.jit(self._update)

    def _update(self, params, t, rv, sigma):
        grads, aux = jax.grad(self.model.neg_log_like, has_aux=True)(params, t, rv, sigma)
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return params, aux

    def fit(self, params, t, rv, sigma):
        for _ in range(self.steps):
            params, aux = self._step(params, t, rv, sigma)
        return params, aux
