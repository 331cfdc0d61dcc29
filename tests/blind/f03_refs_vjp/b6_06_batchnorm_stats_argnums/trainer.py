"""Plain SGD over the classifier's parameters; statistics update in place."""

import jax
import jax.numpy as jnp

import bn_model
from settings import SETTINGS


def fit(params, stats, x, labels, settings=SETTINGS):
    grad_fn = jax.grad(bn_model.cross_entropy, argnums=settings.grad_argnums)
    for _ in range(settings.steps):
        grads = grad_fn(params, stats, x, labels, settings.momentum)[0]
        params = jax.tree.map(lambda p, g: p - settings.learning_rate * g, params, grads)
    return params


def main():
    kx, kp = jax.random.split(jax.random.PRNGKey(5))
    x = 3.0 + 2.0 * jax.random.normal(kx, (96, 6))
    labels = (x[:, 0] > 3.0).astype(jnp.int32) + (x[:, 1] > 3.0).astype(jnp.int32)
    params, stats = bn_model.init(kp, 6, 3)
    params = fit(params, stats, x, labels)
    loss = bn_model.cross_entropy(params, stats, x, labels, SETTINGS.momentum)
    print(f"loss {float(loss):.4f}, running mean[0] {float(stats[...][0, 0]):.3f}")
    return float(loss)


if __name__ == "__main__":
    main()
