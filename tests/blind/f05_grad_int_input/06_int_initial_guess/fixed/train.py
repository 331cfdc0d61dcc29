import jax.numpy as jnp

from solver import newton_minimize


def cost(x):
    return jnp.sum((x - jnp.array([1.5, -0.5])) ** 4) + jnp.sum(x**2)


def main():
    x0 = jnp.array([1.0, 1.0])
    x = newton_minimize(cost, x0)
    print(x)
    return x


if __name__ == "__main__":
    main()
