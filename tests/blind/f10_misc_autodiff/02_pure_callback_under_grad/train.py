import jax
import jax.numpy as jnp

from external import legacy_response


def objective(x):
    return jnp.sum(legacy_response(x) ** 2)


def main():
    x = jnp.linspace(0.0, 3.0, 5)
    g = jax.grad(objective)(x)
    print(g)
    return g


if __name__ == "__main__":
    main()
