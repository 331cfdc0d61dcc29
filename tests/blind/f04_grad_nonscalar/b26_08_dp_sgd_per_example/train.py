"""Private training of a small classifier with DP-SGD."""
import jax
import jax.numpy as jnp

import model
from dp_sgd import private_gradient


@jax.jit
def train_step(params, xs, ys, key, lr=0.5):
    grads = private_gradient(model.per_example_loss, params, xs, ys, key)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def run(steps=15):
    kx, kp, kn = jax.random.split(jax.random.key(0), 3)
    xs = jax.random.normal(kx, (128, 5))
    ys = (xs[:, 0] + xs[:, 1] > 0).astype(jnp.float32)
    params = model.init(kp, 5)
    for key in jax.random.split(kn, steps):
        params = train_step(params, xs, ys, key)
    return float(jnp.mean(model.binary_xent(model.predict(params, xs), ys)))


def main():
    print("train loss", run())


if __name__ == "__main__":
    main()
