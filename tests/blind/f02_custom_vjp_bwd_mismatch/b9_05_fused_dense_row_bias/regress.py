"""A one-hidden-layer regression of a noisy response surface."""
import jax
import jax.numpy as jnp

from layers import dense_tanh, init_dense
from settings import HIDDEN, N_FEATURES


def init(key):
    k1, k2 = jax.random.split(key)
    return {"hidden": init_dense(k1, N_FEATURES, HIDDEN),
            "head": jax.random.normal(k2, (HIDDEN,)) / HIDDEN}


def predict(params, x):
    w, b = params["hidden"]
    return dense_tanh(x, w, b) @ params["head"]


def mse(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@jax.jit
def sgd(params, x, y, lr=0.1):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def data(key, n=32):
    x = jax.random.normal(key, (n, N_FEATURES))
    return x, jnp.sin(x[:, 0]) + 0.5 * x[:, 1] * x[:, 2]


def main():
    params = init(jax.random.key(0))
    x, y = data(jax.random.key(1))
    for _ in range(10):
        params = sgd(params, x, y)
    print("mse", mse(params, x, y))


if __name__ == "__main__":
    main()
