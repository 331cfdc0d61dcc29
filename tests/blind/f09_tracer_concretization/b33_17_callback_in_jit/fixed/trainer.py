import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, loss_fn, lr, callbacks=()):
        self.loss_fn = loss_fn
        self.lr = lr
        self.callbacks = list(callbacks)
        self._step = jax.jit(self._train_step, static_argnums=0)

    def _train_step(self, step, params, batch):
        loss, grads = jax.value_and_grad(self.loss_fn)(params, batch)
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return params, loss

    def fit(self, params, batch, steps):
        for step in range(steps):
            params, loss = self._step(step, params, batch)
            for cb in self.callbacks:
                cb.on_step_end(step, {"loss": loss})
        return params
