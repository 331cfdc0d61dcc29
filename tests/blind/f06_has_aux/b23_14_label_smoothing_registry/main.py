import jax
import jax.numpy as jnp

from trainer import Trainer

CONFIG = {"loss": "label_smoothing", "lr": 0.5, "epochs": 40}


def mlp(params, x):
    return jnp.tanh(x @ params["w1"]) @ params["w2"]


def main():
    k = jax.random.split(jax.random.key(0), 3)
    x = jax.random.normal(k[0], (120, 4))
    y = (x[:, 0] + x[:, 1] > 0).astype(jnp.int32) + (x[:, 2] > 1).astype(jnp.int32)
    params = {"w1": 0.3 * jax.random.normal(k[1], (4, 16)), "w2": 0.3 * jax.random.normal(k[2], (16, 3))}
    trainer = Trainer(mlp, CONFIG["loss"], CONFIG["lr"])
    trainer.fit(params, x, y, CONFIG["epochs"])
    print(trainer.history[-1])
    return trainer.history


if __name__ == "__main__":
    main()
