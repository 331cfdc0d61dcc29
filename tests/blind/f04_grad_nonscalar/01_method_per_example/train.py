import jax
import jax.numpy as jnp

from model import PolyRegressor


def main(steps=50):
    reg = PolyRegressor(2)
    x = jnp.linspace(-1.0, 1.0, 21)
    y = 0.5 - x + 2.0 * x**2
    coef = jnp.zeros(3)
    grad_fn = jax.grad(reg.loss)
    for _ in range(steps):
        coef = coef - 0.2 * grad_fn(coef, x, y)
    print(coef)
    return coef


if __name__ == "__main__":
    main()
