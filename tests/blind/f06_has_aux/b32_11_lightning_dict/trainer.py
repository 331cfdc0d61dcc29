"""A minimal Trainer loop so we can drop PyTorch Lightning from the project."""
import jax
import jax.numpy as jnp

from lit_model import LitLogReg


class Trainer:
    def __init__(self, max_epochs=10):
        self.max_epochs = max_epochs
        self.history = []

    def fit(self, module, params, batch):
        step = jax.jit(jax.value_and_grad(module.training_step, has_aux=True))
        for epoch in range(self.max_epochs):
            (loss, logs), grads = step(params, batch)
            params = jax.tree.map(lambda p, g: p - module.lr * g, params, grads)
            self.history.append({"epoch": epoch, "loss": float(loss), **{k: float(v) for k, v in logs.items()}})
            print(self.history[-1])
        return params


def main():
    kx, kp = jax.random.split(jax.random.key(3))
    x = jax.random.normal(kx, (200, 4))
    y = (x @ jnp.array([1.0, -2.0, 0.5, 0.0]) > 0).astype(jnp.float32)
    module = LitLogReg(4)
    trainer = Trainer(max_epochs=5)
    trainer.fit(module, module.init(kp), (x, y))
    return trainer.history


if __name__ == "__main__":
    main()
