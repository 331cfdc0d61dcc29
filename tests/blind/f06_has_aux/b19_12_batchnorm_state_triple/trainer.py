"""Generic trainer for models with mutable state (batch-norm statistics)."""

import jax


class Hook:
    def after_step(self, step, metrics):
        pass


class PrintEvery(Hook):
    def __init__(self, every):
        self.every = every

    def after_step(self, step, metrics):
        if step % self.every == 0:
            print(f"step {step}: " + ", ".join(f"{k}={float(v):.3f}" for k, v in metrics.items()))


class StatefulTrainer:
    def __init__(self, model, lr=0.1, hooks=()):
        self.model, self.lr, self.hooks = model, lr, list(hooks)
        self._train_step = jax.jit(self._step)

    def _step(self, params, state, batch):
        grad_fn = jax.value_and_grad(self.model.loss, has_aux=True)
        (loss, aux), grads = grad_fn(params, state, batch)
        metrics, new_state = aux
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return params, new_state, metrics

    def fit(self, params, state, batches):
        metrics = {}
        for step, batch in enumerate(batches):
            params, state, metrics = self._train_step(params, state, batch)
            for hook in self.hooks:
                hook.after_step(step, metrics)
        return params, state, metrics
