import jax
import jax.numpy as jnp

from clipping import clip_by_global_norm


def loss(params, x, y):
    return jnp.mean((jnp.tanh(x @ params["w"]) @ params["v"] - y) ** 2)


@jax.jit
def clipped_sgd_step(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    grads = clip_by_global_norm(grads, 1.0)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)


def main(steps=5):
    k1, k2, k3 = jax.random.split(jax.random.key(23), 3)
    x = jax.random.normal(k1, (32, 3))
    y = 5.0 * x[:, :1]
    params = {"w": jax.random.normal(k2, (3, 8)), "v": jax.random.normal(k3, (8, 1))}
    for _ in range(steps):
        params = clipped_sgd_step(params, x, y)
    final = float(loss(params, x, y))
    print("loss", final)
    return final


if __name__ == "__main__":
    main()
