"""An Adagrad learner that owns its parameters and sees batches as dicts."""

import jax
import jax.numpy as jnp

from objective import make_batch, penalised_nll


class Adagrad:
    def __init__(self, params, lr: float = 0.5, eps: float = 1e-8):
        self.params = params
        self.lr = lr
        self.eps = eps
        self.accum = jax.tree.map(jnp.zeros_like, params)
        self._grad = jax.grad(penalised_nll)

    def step(self, batch: dict) -> None:
        grads = self._grad(self.params, **batch)
        self.accum = jax.tree.map(lambda a, g: a + g * g, self.accum, grads)
        self.params = jax.tree.map(
            lambda p, g, a: p - self.lr * g / (jnp.sqrt(a) + self.eps),
            self.params,
            grads,
            self.accum,
        )


def run(n_steps: int = 50):
    batch = make_batch(jax.random.key(31))
    learner = Adagrad({"w": jnp.zeros(3), "b": jnp.zeros(())})
    start = float(penalised_nll(learner.params, **batch))
    for _ in range(n_steps):
        learner.step(batch)
    return start, float(penalised_nll(learner.params, **batch))


def main():
    start, end = run()
    print(f"nll {start:.4f} -> {end:.4f}")


if __name__ == "__main__":
    main()
