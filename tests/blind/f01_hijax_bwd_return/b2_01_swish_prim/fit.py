import jax
import jax.numpy as jnp

from prims import loss


def main(steps=5):
    kx, kw = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (16, 4))
    y = jnp.sin(x[:, 0])
    params = {"w": 0.1 * jax.random.normal(kw, (4, 3)), "b": jnp.zeros(3)}
    for _ in range(steps):
        grads = jax.grad(loss)(params, x, y)
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
    final = float(loss(params, x, y))
    print("loss", final)
    return final


if __name__ == "__main__":
    main()
