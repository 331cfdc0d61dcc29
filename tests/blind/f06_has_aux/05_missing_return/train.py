import jax
import jax.numpy as jnp

from regularizers import ridge_loss


def main():
    x = jnp.linspace(-1, 1, 10)[:, None]
    y = 2 * x[:, 0]
    params = {"w": jnp.zeros(1), "b": jnp.zeros(())}
    for _ in range(30):
        g = jax.grad(ridge_loss)(params, x, y)
        params = jax.tree.map(lambda p, d: p - 0.3 * d, params, g)
    print(params)
    return params


if __name__ == "__main__":
    main()
