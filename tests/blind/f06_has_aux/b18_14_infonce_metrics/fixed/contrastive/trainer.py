"""Trainer for the projection head."""
import jax
import jax.numpy as jnp

from contrastive.losses import info_nce


class ContrastiveTrainer:
    def __init__(self, loss_fn, lr=0.1):
        self.loss_fn = loss_fn
        self.lr = lr
        self.step = jax.jit(self._step)

    def _step(self, params, a, b):
        (loss, metrics), grads = jax.value_and_grad(self.loss_fn, has_aux=True)(params, a, b)
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return params, metrics


def main():
    key_a, key_b, key_p = jax.random.split(jax.random.PRNGKey(6), 3)
    a = jax.random.normal(key_a, (32, 8))
    b = a + 0.1 * jax.random.normal(key_b, (32, 8))
    params = {"proj": jax.random.normal(key_p, (8, 4))}
    trainer = ContrastiveTrainer(info_nce)
    for _ in range(5):
        params, metrics = trainer.step(params, a, b)
    print(metrics)


if __name__ == "__main__":
    main()
