"""A small Trainer object that owns the params and the gradient function."""
import jax
import jax.numpy as jnp

from objective import classification_loss


class Trainer:
    def __init__(self, params, lr=0.5):
        self.params = params
        self.lr = lr
        self._grad_fn = jax.jit(jax.grad(classification_loss, has_aux=True))

    def step(self, x, labels):
        grads, metrics = self._grad_fn(self.params, x, labels)
        self.params = jax.tree.map(lambda p, g: p - self.lr * g, self.params, grads)
        return metrics


def main():
    key = jax.random.PRNGKey(3)
    centers = jnp.array([[2.0, 0.0], [-2.0, 0.0], [0.0, 2.0]])
    labels = jax.random.randint(key, (300,), 0, 3)
    x = centers[labels] + 0.5 * jax.random.normal(jax.random.PRNGKey(4), (300, 2))
    trainer = Trainer({"w": jnp.zeros((2, 3)), "b": jnp.zeros((3,))})
    for _ in range(100):
        metrics = trainer.step(x, labels)
    print("accuracy", float(metrics["accuracy"]))
    return metrics


if __name__ == "__main__":
    main()
