import jax
import jax.numpy as jnp

from hooks import LOG
from layers import MLP


class Trainer:
    def __init__(self, model, lr=0.05):
        self.model = model
        self.lr = lr

    def loss(self, params, x, y):
        pred = self.model.forward(params, x)
        return jnp.mean((pred - y) ** 2)

    def step(self, x, y):
        loss, grads = jax.value_and_grad(self.loss)(self.model.params, x, y)
        self.model.params = jax.tree.map(lambda p, g: p - self.lr * g, self.model.params, grads)
        return loss.item()


def make_data(key, n=64):
    x = jax.random.uniform(key, (n, 1), minval=-2.0, maxval=2.0)
    return x, jnp.sin(2.0 * x)


def main(epochs=30):
    x, y = make_data(jax.random.key(0))
    trainer = Trainer(MLP(jax.random.key(1), [1, 16, 16, 1]))
    for epoch in range(epochs):
        loss = trainer.step(x, y)
    print(f"final loss {loss:.4f}, last max cotangent {LOG.last('squareplus/max_ct')}")
    return loss


if __name__ == "__main__":
    main()
