import jax
import jax.numpy as jnp

from layers import forward


def loss(params, x, y):
    return jnp.mean((forward(params, x) - y) ** 2)


def main():
    params = {"w": jnp.array([[0.5], [-0.3]]), "scale": jnp.array(1.0)}
    x = jnp.array([[1.0, 2.0], [0.5, -1.0]])
    y = jnp.array([[0.2], [0.1]])
    grads = jax.grad(jax.jit(loss))(params, x, y)
    print(grads)
    return grads


if __name__ == "__main__":
    main()
