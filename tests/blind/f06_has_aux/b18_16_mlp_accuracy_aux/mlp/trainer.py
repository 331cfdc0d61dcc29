"""Generic trainer parametrised by a TrainerConfig."""
import jax
import jax.numpy as jnp

from mlp.config import TrainerConfig
from mlp.model import MLP


class Trainer:
    def __init__(self, config, loss_fn):
        self.config = config
        self.grad_fn = jax.jit(jax.value_and_grad(loss_fn, has_aux=config.loss_returns_aux))

    def fit(self, params, x, labels):
        for _ in range(self.config.epochs):
            out, grads = self.grad_fn(params, x, labels)
            params = jax.tree.map(lambda p, g: p - self.config.learning_rate * g, params, grads)
        return params, out


def main():
    key = jax.random.PRNGKey(10)
    x = jax.random.normal(key, (128, 4))
    labels = (x[:, 0] + x[:, 1] > 0).astype(jnp.int32)
    model = MLP([4, 16, 2], key)
    params, out = Trainer(TrainerConfig(), MLP.loss).fit(model.params, x, labels)
    print(out)


if __name__ == "__main__":
    main()
