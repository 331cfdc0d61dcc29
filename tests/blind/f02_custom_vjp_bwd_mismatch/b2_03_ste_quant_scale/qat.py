"""Quantisation-aware fine-tuning of a linear probe."""

import jax
import jax.numpy as jnp

from quant import fake_quant


class QuantLinear:
    def __init__(self, w, step):
        self.w, self.step = w, step

    @staticmethod
    def apply(w, step, x):
        return x @ fake_quant(w, step[:, None])

    def loss(self, w, step, x, y):
        return jnp.mean((self.apply(w, step, x) - y) ** 2)

    def fit(self, x, y, iters):
        grad_fn = jax.grad(self.loss, argnums=(0, 1))
        for _ in range(iters):
            gw, gs = grad_fn(self.w, self.step, x, y)
            self.w, self.step = self.w - 0.05 * gw, self.step - 0.01 * gs
        return self.loss(self.w, self.step, x, y)


def main(iters=3):
    x = jax.random.normal(jax.random.key(2), (16, 3))
    w_true = jnp.array([[0.4, -0.2], [0.1, 0.3], [-0.5, 0.2]])
    layer = QuantLinear(w_true + 0.05, jnp.full((3,), 0.1))
    out = float(layer.fit(x, x @ w_true, iters))
    print("quantised loss", out)
    return out


if __name__ == "__main__":
    main()
