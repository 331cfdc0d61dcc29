"""Fit a noisy sine with a penalty on each layer's spectral norm."""
import jax
import jax.numpy as jnp

from lipnet.net import forward, init_mlp
from lipnet.regularizers import lipschitz_penalty

STRENGTH = 1e-2


def objective(params, x, y):
    mse = jnp.mean((forward(params, x) - y) ** 2)
    return mse + lipschitz_penalty(params, STRENGTH)


def train(steps=30, lr=0.05):
    kx, kp = jax.random.split(jax.random.key(0))
    x = jax.random.uniform(kx, (128, 1), minval=-3.0, maxval=3.0)
    y = jnp.sin(x) + 0.05 * jax.random.normal(kp, x.shape)
    params = init_mlp(kp, [1, 32, 32, 1])
    for _ in range(steps):
        loss, grads = jax.value_and_grad(objective)(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return loss


def main():
    print("objective", float(train()))


if __name__ == "__main__":
    main()
