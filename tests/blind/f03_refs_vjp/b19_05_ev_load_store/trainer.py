"""A minimal trainer with step callbacks for the EV charging-load forecaster."""

import jax
import jax.numpy as jnp


class Callback:
    def on_step_end(self, trainer, step, loss):
        pass


class LossHistory(Callback):
    def __init__(self):
        self.values = []

    def on_step_end(self, trainer, step, loss):
        self.values.append(float(loss))


class WeightClipper(Callback):
    def __init__(self, name, limit):
        self.name, self.limit = name, limit

    def on_step_end(self, trainer, step, loss):
        ref = trainer.store.refs[self.name]
        ref[...] = jnp.clip(ref[...], -self.limit, self.limit)


class Trainer:
    def __init__(self, store, loss_fn, lr, callbacks=()):
        self.store, self.loss_fn, self.lr = store, loss_fn, lr
        self.callbacks = list(callbacks)

    def step(self, step, batch):
        loss, grads = jax.value_and_grad(self.loss_fn)(self.store.refs, batch)
        self.store.apply_update(jax.tree.map(lambda g: -self.lr * g, grads))
        for cb in self.callbacks:
            cb.on_step_end(self, step, loss)
        return loss

    def fit(self, batches):
        return [self.step(i, b) for i, b in enumerate(batches)]
