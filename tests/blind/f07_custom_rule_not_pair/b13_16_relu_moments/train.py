import jax
import jax.numpy as jnp

from bnn.layers import forward, init_layer


def gaussian_nll(params, x, y, noise=0.05):
    mean, var = forward(params, x)
    total = var[:, 0] + noise
    return jnp.mean(0.5 * jnp.log(total) + 0.5 * (y - mean[:, 0]) ** 2 / total)


@jax.jit
def step(params, x, y, lr=1e-2):
    loss, grads = jax.value_and_grad(gaussian_nll)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def main(steps=50):
    keys = jax.random.split(jax.random.key(0), 3)
    params = [init_layer(keys[0], 1, 32), init_layer(keys[1], 32, 32), init_layer(keys[2], 32, 1)]
    x = jnp.linspace(-3, 3, 128)[:, None]
    y = jnp.sin(x[:, 0])
    for _ in range(steps):
        params, loss = step(params, x, y)
    print("gaussian nll", float(loss))
    return loss


if __name__ == "__main__":
    main()
