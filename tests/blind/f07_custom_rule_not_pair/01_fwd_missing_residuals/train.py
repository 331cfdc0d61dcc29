import jax
import jax.numpy as jnp

from activations import layer


def main():
    w = jnp.ones((3, 2)) * 0.5
    x = jnp.array([[1.0, -1.0, 0.5]])
    g = jax.grad(layer)(w, x)
    print(g)
    return g


if __name__ == "__main__":
    main()
