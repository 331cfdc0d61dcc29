import sys

import jax
import jax.numpy as jnp

from engine import make_train_step
from models import REGISTRY


def train(name, steps=20, lr=0.5):
    k1, k2 = jax.random.split(jax.random.key(0))
    x = jax.random.normal(k1, (96, 4))
    batch = {"x": x, "y": jnp.argmax(x[:, :3], axis=1)}
    model = REGISTRY[name]()
    params = model.init(k2)
    step = make_train_step(model, lr)
    for _ in range(steps):
        params, loss, aux = step(params, batch)
    return float(loss)


def main(names=("mlp", "linear_probe")):
    for name in names:
        print(f"{name}: loss {train(name):.4f}")


if __name__ == "__main__":
    main(sys.argv[1:] or ("mlp", "linear_probe"))
