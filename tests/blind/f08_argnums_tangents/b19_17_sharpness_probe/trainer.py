"""A bfloat16 linear-softmax trainer for sensor activity recognition, with callbacks."""

import jax
import jax.numpy as jnp

from callbacks import LossLogger, SharpnessProbe


def softmax_loss(params, batch):
    x, y = batch
    logits = (x.astype(jnp.bfloat16) @ params["w"] + params["b"]).astype(jnp.float32)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))


class Trainer:
    def __init__(self, loss_fn, lr, callbacks):
        self.loss_fn, self.lr, self.callbacks = loss_fn, lr, callbacks
        self._grad = jax.jit(jax.value_and_grad(loss_fn))

    def run(self, params, batches):
        for step, batch in enumerate(batches):
            loss, grads = self._grad(params, batch)
            params = jax.tree.map(lambda p, g: (p - self.lr * g).astype(p.dtype), params, grads)
            for cb in self.callbacks:
                cb.on_step_end(self, step, params, batch, loss)
        return params


def activity_batches(key, n, size=64, d=9, classes=4):
    proto = jax.random.normal(key, (classes, d))
    for i in range(n):
        k1, k2 = jax.random.split(jax.random.fold_in(key, i))
        y = jax.random.randint(k1, (size,), 0, classes)
        yield proto[y] + 0.3 * jax.random.normal(k2, (size, d)), y


def main():
    key = jax.random.PRNGKey(0)
    params = {"w": jnp.zeros((9, 4), jnp.bfloat16), "b": jnp.zeros(4, jnp.bfloat16)}
    logger, probe = LossLogger(), SharpnessProbe(every=4)
    Trainer(softmax_loss, lr=0.5, callbacks=[logger, probe]).run(params, activity_batches(key, 8))
    print("losses:", [round(v, 3) for v in logger.losses], "sharpness:", probe.values)
    return logger.losses, probe.values


if __name__ == "__main__":
    main()
