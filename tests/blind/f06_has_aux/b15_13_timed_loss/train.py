"""Fit the yield model and log its metrics."""
import jax
import jax.numpy as jnp

from yieldnet.model import init_mlp, loss_fn


def field_trials(key, n=256, d=6):
    kx, kn = jax.random.split(key)
    x = jax.random.normal(kx, (n, d))
    y = 3.0 + x[:, 0] - 0.5 * x[:, 1] ** 2 + 0.2 * jax.random.normal(kn, (n,))
    return x, y


def train(epochs=50, lr=0.05):
    x, y = field_trials(jax.random.key(0))
    params = init_mlp(jax.random.key(1), [x.shape[1], 32, 1])
    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    metrics = {}
    for _ in range(epochs):
        (loss, metrics), grads = grad_fn(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return loss, metrics


def main():
    loss, metrics = train()
    print("mse", float(loss), {k: float(v) for k, v in metrics.items()})


if __name__ == "__main__":
    main()
