import jax
import jax.numpy as jnp

from pretrain.encoder import init
from pretrain.trainer import Pretrainer

CONFIG = {"objective": "denoise", "steps": 40, "lr": 0.01}


def synthetic_ecg(key, n=16, length=128):
    t = jnp.linspace(0.0, 2.0, length)
    phase = jax.random.uniform(key, (n, 1))
    beat = jnp.exp(-((jnp.mod(t + phase, 0.8) - 0.4) ** 2) / 0.001)
    return beat + 0.1 * jnp.sin(2 * jnp.pi * 0.3 * t)


def main(config=CONFIG):
    windows = synthetic_ecg(jax.random.key(0))
    trainer = Pretrainer(config["objective"], lr=config["lr"])
    trainer.run(init(jax.random.key(1)), windows, jax.random.key(2), config["steps"])
    print("last:", {k: float(v) for k, v in trainer.history[-1].items()})
    return trainer.history


if __name__ == "__main__":
    main()
