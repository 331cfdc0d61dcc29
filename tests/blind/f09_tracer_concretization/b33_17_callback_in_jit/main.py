import jax
import jax.numpy as jnp

from callbacks import ProgressLogger
from trainer import Trainer


def loss_fn(params, batch):
    x, y = batch
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


def main(steps=30):
    x = jax.random.normal(jax.random.key(0), (64, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5]) + 1.0
    logger = ProgressLogger(every=10)
    trainer = Trainer(loss_fn, lr=0.1, callbacks=[logger])
    trainer.fit({"w": jnp.zeros(3), "b": jnp.zeros(())}, (x, y), steps)
    return logger.history


if __name__ == "__main__":
    main()
