import functools

import jax
import jax.numpy as jnp

from pkg.losses import focal_loss

N_CLASSES = 5
CLASS_COUNTS = jnp.array([900.0, 300.0, 80.0, 15.0, 5.0])


def init(key, n_features):
    return {"w": 0.01 * jax.random.normal(key, (n_features, N_CLASSES)), "b": jnp.zeros(N_CLASSES)}


def objective(params, x, y, gamma, alpha):
    return focal_loss(x @ params["w"] + params["b"], y, gamma, alpha)


@functools.partial(jax.jit, static_argnames="lr")
def sgd_step(params, x, y, gamma, alpha, lr=0.5):
    loss, grads = jax.value_and_grad(objective)(params, x, y, gamma, alpha)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def main():
    kx, ky, kw = jax.random.split(jax.random.key(3), 3)
    x = jax.random.normal(kx, (64, 12))
    y = jax.random.categorical(ky, jnp.log(CLASS_COUNTS), shape=(64,))
    gamma = jnp.linspace(1.0, 3.0, N_CLASSES)
    alpha = CLASS_COUNTS.sum() / (N_CLASSES * CLASS_COUNTS)
    params = init(kw, 12)
    for _ in range(30):
        params, loss = sgd_step(params, x, y, gamma, alpha)
    print("focal loss", float(loss))
    return loss


if __name__ == "__main__":
    main()
