import jax
import jax.numpy as jnp

from model import loss, predict

grad_loss = jax.grad(loss)


def gradient_descent(coef, lr=1e-3, iters=200):
    for i in range(iters):
        coef = coef - lr * grad_loss(coef)
    return coef


def main():
    coef = gradient_descent(jnp.array([1.0, 2.0, 1.0]))
    temps = 1.0 / predict(coef)
    print("coefficients", coef)
    print("fitted temperatures", temps)
    return coef


if __name__ == "__main__":
    main()
