"""Fit a line through data with a few gross outliers."""
import jax
import jax.numpy as jnp

from model import huber_loss
from trainer.optim import momentum
from trainer.update import make_update


def data(n=64, seed=0):
    kx, kn = jax.random.split(jax.random.key(seed))
    x = jax.random.normal(kx, (n, 2))
    y = x @ jnp.array([1.5, -0.5]) + 0.3 + 0.1 * jax.random.normal(kn, (n,))
    return x, y.at[::10].add(8.0)


def train(steps=40):
    batch = data()
    params = {"w": jnp.zeros(2), "b": jnp.array(0.0)}
    optimizer = momentum(0.05)
    opt_state = optimizer.init(params)
    update = make_update(huber_loss, optimizer, has_aux=True)
    for _ in range(steps):
        params, opt_state, aux = update(params, opt_state, batch)
    return params, aux


def main():
    params, aux = train()
    print("w", params["w"], "b", float(params["b"]), "mae", aux.get("mae"))


if __name__ == "__main__":
    main()
