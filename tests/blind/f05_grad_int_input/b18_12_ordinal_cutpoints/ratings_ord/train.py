"""Fit the ordinal model to synthetic ratings with plain gradient ascent."""
import jax
import jax.numpy as jnp

from ratings_ord.model import init_params, log_likelihood


class Trainer:
    def __init__(self, n_features, n_levels, lr=1e-3):
        self.params = init_params(n_features, n_levels)
        self.lr = lr
        self._grad = jax.jit(jax.grad(log_likelihood))

    def step(self, x, y):
        g = self._grad(self.params, x, y)
        self.params = jax.tree.map(lambda p, d: p + self.lr * d, self.params, g)


def main():
    key = jax.random.PRNGKey(4)
    x = jax.random.normal(key, (200, 3))
    y = jnp.clip(jnp.round(2.0 + x @ jnp.array([1.0, -0.5, 0.2])), 0, 4).astype(jnp.int32)
    trainer = Trainer(3, 5)
    for _ in range(5):
        trainer.step(x, y)
    print(trainer.params)


if __name__ == "__main__":
    main()
