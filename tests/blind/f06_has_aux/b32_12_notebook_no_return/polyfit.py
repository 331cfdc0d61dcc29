# Exported from polyfit.ipynb (cells 6-9): fit a cubic to noisy samples
import jax
import jax.numpy as jnp

from model import DEGREE, loss

key = jax.random.key(0)
x = jnp.linspace(-1, 1, 40)
y = 0.5 * x**3 - x + 0.2 + 0.05 * jax.random.normal(key, x.shape)
coeffs = jnp.zeros(DEGREE + 1)
lr = 0.3


def main():
    global coeffs
    grad_loss = jax.grad(loss)
    for i in range(300):
        coeffs = coeffs - lr * grad_loss(coeffs, x, y)
        if i % 100 == 0:
            print(i, loss(coeffs, x, y))
    print("coefficients:", coeffs)
    return coeffs


if __name__ == "__main__":
    main()
