import jax.numpy as jnp

from solver import gauss_newton


def main():
    t = jnp.linspace(0.0, 3.0, 20)
    y = 2.0 * jnp.exp(-1.3 * t)
    theta = gauss_newton(jnp.array([1.5, 1.0]), t, y)
    print(theta)
    return theta


if __name__ == "__main__":
    main()
