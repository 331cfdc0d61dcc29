"""Fit the presence model to survey plots and print a log row per epoch."""
import jax
import jax.numpy as jnp

from logrow import COLUMNS
from presence import PresenceModel


def plots(key, n=400):
    k1, k2 = jax.random.split(key)
    clim = jax.random.normal(k1, (n, 3))   # temperature, precipitation, frost days
    p = jax.nn.sigmoid(1.5 * clim[:, 0] - 0.8 * clim[:, 2] + 0.3)
    return clim, jax.random.bernoulli(k2, p).astype(jnp.float32)


def make_update(model, lr=0.5):
    grad_fn = jax.grad(model.loss, has_aux=True)

    @jax.jit
    def update(params, covariates, present):
        grads, row = grad_fn(params, covariates, present)
        params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
        return params, row

    return update


def train(n_epochs=30):
    covariates, present = plots(jax.random.PRNGKey(7))
    update = make_update(PresenceModel())
    params = {"w": jnp.zeros(3), "b": jnp.float32(0.0)}
    for _ in range(n_epochs):
        params, row = update(params, covariates, present)
    return params, dict(zip(COLUMNS, row.tolist()))


def main():
    params, logs = train()
    print("weights", params["w"], logs)


if __name__ == "__main__":
    main()
