"""Train a small block + readout on a synthetic target."""

import jax
import jax.numpy as jnp

from layers import Block


class Trainer:
    def __init__(self, block: Block, lr: float = 0.1):
        self.block = block
        self.lr = lr

    def loss(self, params, x, y):
        pred = self.block(params, x) @ params["readout"]
        return jnp.mean((pred - y) ** 2)

    def __call__(self, params, x, y):
        grads = jax.grad(self.loss)(params, x, y)
        return jax.tree.map(lambda p, g: p - self.lr * g, params, grads)


def run(n_steps: int = 25):
    kx, kw, kr = jax.random.split(jax.random.key(3), 3)
    x = jax.random.normal(kx, (32, 4))
    y = jnp.cos(x[:, :1])
    params = {
        "w": jax.random.normal(kw, (4, 6)) * 0.5,
        "gamma": jnp.ones((6,)),
        "readout": jax.random.normal(kr, (6, 1)) * 0.5,
    }
    trainer = Trainer(Block())
    before = float(trainer.loss(params, x, y))
    for _ in range(n_steps):
        params = trainer(params, x, y)
    return before, float(trainer.loss(params, x, y))


def main():
    before, after = run()
    print(f"loss {before:.4f} -> {after:.4f}")


if __name__ == "__main__":
    main()
