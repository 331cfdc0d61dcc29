"""A small trainer with a jitted step and callback hooks."""

import jax


class Trainer:
    def __init__(self, loss_fn, lr, callbacks=()):
        self.loss_fn, self.lr, self.callbacks = loss_fn, lr, list(callbacks)
        self.step = jax.jit(self._step)

    def _step(self, params, batch):
        loss, grads = jax.value_and_grad(self.loss_fn)(params, batch)
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        metrics = {"loss": loss}
        return params, metrics

    def fit(self, params, batches):
        for batch in batches:
            params, metrics = self.step(params, batch)
            for cb in self.callbacks:
                cb.on_batch_end(metrics)
            if any(getattr(cb, "stop", False) for cb in self.callbacks):
                break
        return params
