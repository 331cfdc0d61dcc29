"""Training callbacks: loss logging and a curvature (sharpness) probe."""

import jax
import jax.numpy as jnp

from directions import random_direction


class Callback:
    def on_step_end(self, trainer, step, params, batch, loss):
        pass


class LossLogger(Callback):
    def __init__(self):
        self.losses = []

    def on_step_end(self, trainer, step, params, batch, loss):
        self.losses.append(float(loss))


class SharpnessProbe(Callback):
    """Estimates v^T H v along a random unit direction with a forward-over-reverse HVP."""

    def __init__(self, every, seed=0):
        self.every, self.key, self.values = every, jax.random.PRNGKey(seed), []

    def on_step_end(self, trainer, step, params, batch, loss):
        if step % self.every:
            return
        self.key, sub = jax.random.split(self.key)
        v = random_direction(sub, params)
        grad_fn = jax.grad(lambda p: trainer.loss_fn(p, batch))
        _, hvp = jax.jvp(grad_fn, (params,), (v,))
        curvature = sum(jnp.vdot(a.astype(jnp.float32), b.astype(jnp.float32))
                        for a, b in zip(jax.tree.leaves(v), jax.tree.leaves(hvp)))
        self.values.append(float(curvature))
