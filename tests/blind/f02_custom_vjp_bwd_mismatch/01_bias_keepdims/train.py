import jax
import jax.numpy as jnp

from layers import mlp


def init(key):
    k1, k2 = jax.random.split(key)
    return {
        "w1": 0.3 * jax.random.normal(k1, (2, 8)),
        "b1": jnp.zeros(8),
        "w2": 0.3 * jax.random.normal(k2, (8, 1)),
        "b2": jnp.zeros(1),
    }


def loss_fn(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


@jax.jit
def update(params, x, y):
    grads = jax.grad(loss_fn)(params, x, y)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)


def main():
    params = init(jax.random.key(0))
    x = jax.random.uniform(jax.random.key(1), (50, 2))
    y = (x[:, :1] * x[:, 1:]).astype(jnp.float32)
    for _ in range(5):
        params = update(params, x, y)
    final = float(loss_fn(params, x, y))
    print("loss", final)
    return final


if __name__ == "__main__":
    main()
