"""Train the heat-equation PINN on random collocation points."""

import jax
import jax.numpy as jnp

from metrics import HISTORY
from pinn import init, loss


@jax.jit
def sgd_step(params, colloc, initial, boundary, lr=1e-2):
    grads = jax.grad(loss)(params, colloc, initial, boundary)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def sample(key, n=128):
    k1, k2, k3 = jax.random.split(key, 3)
    colloc = jax.random.uniform(k1, (n, 2)) * jnp.array([1.0, 0.5])
    initial = jax.random.uniform(k2, (n,))
    t_b = jax.random.uniform(k3, (n,)) * 0.5
    return colloc, initial, (0.0, t_b, 1.0)


def main(steps=20):
    params = init(jax.random.key(0))
    for key in jax.random.split(jax.random.key(1), steps):
        params = sgd_step(params, *sample(key))
    jax.effects_barrier()
    print("loss", HISTORY["pinn_loss"][0], "->", HISTORY["pinn_loss"][-1])
    return HISTORY["pinn_loss"]


if __name__ == "__main__":
    main()
