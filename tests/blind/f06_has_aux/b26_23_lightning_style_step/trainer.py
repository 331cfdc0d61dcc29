"""A minimal Lightning-like trainer: the module defines the step, the trainer owns the loop."""
import jax


class Trainer:
    def __init__(self, max_steps, lr):
        self.max_steps = max_steps
        self.lr = lr
        self.logged = []

    def fit(self, module, params, batches):
        grad_fn = jax.value_and_grad(module.training_step, has_aux=True)

        @jax.jit
        def update(params, batch):
            (loss, logs), grads = grad_fn(params, batch)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return params, dict(logs, loss=loss)

        for step, batch in zip(range(self.max_steps), batches):
            params, logs = update(params, batch)
            self.logged.append({k: float(v) for k, v in logs.items()})
        return params
