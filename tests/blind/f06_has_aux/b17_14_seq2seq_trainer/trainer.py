"""Trainer object wrapping the model's loss in a jitted SGD step."""
import jax
import jax.numpy as jnp

from model import GRU


class Trainer:
    def __init__(self, model, lr=0.1):
        self.model = model
        self.lr = lr
        self.grad_fn = jax.value_and_grad(model.loss)
        self.step = jax.jit(self._step)

    def _step(self, params, xs, targets):
        (loss, logits), grads = self.grad_fn(params, xs, targets)
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        acc = jnp.mean(jnp.argmax(logits, -1) == targets)
        return params, loss, acc


def main():
    model = GRU(d_in=5, d_hidden=16, vocab=5)
    trainer = Trainer(model)
    params = model.init(jax.random.PRNGKey(0))
    tokens = jax.random.randint(jax.random.PRNGKey(1), (10, 8), 0, 5)
    xs = jax.nn.one_hot(tokens, 5)
    targets = jnp.roll(tokens, -1, axis=0)
    for _ in range(3):
        params, loss, acc = trainer.step(params, xs, targets)
    print("loss", loss, "acc", acc)


if __name__ == "__main__":
    main()
