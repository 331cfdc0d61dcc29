import jax
import jax.numpy as jnp

from pinn.losses import pinn_loss
from pinn.net import init


def sample_points(key, n=64):
    kc, kx, kb = jax.random.split(key, 3)
    colloc = jax.random.uniform(kc, (n, 2))
    x0 = jax.random.uniform(kx, (n,))
    tb = jax.random.uniform(kb, (n,))
    xb = jnp.where(jnp.arange(n) % 2 == 0, 0.0, 1.0)
    return colloc, x0, xb, tb


def train(steps=100, lr=1e-2):
    params = init(jax.random.key(0))
    points = sample_points(jax.random.key(1))

    def body(params, _):
        (loss, parts), grads = jax.value_and_grad(pinn_loss, has_aux=True)(params, *points)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, loss

    params, losses = jax.lax.scan(body, params, None, length=steps)
    return params, losses


def main(steps=100):
    params, losses = train(steps)
    print(f"pinn loss {float(losses[0]):.4f} -> {float(losses[-1]):.4f}")
    return losses[-1]


if __name__ == "__main__":
    main()
