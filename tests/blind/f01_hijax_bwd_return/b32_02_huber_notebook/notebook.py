# Exported from robust_regression.ipynb
import jax
import jax.numpy as jnp

from regression import gd_step, robust_loss

key = jax.random.key(0)
x = jnp.linspace(-2.0, 2.0, 50)
noise = 0.1 * jax.random.normal(key, x.shape)
y = 1.5 * x - 0.3 + noise
y = y.at[::10].add(4.0)  # a few gross outliers

theta = jnp.zeros(2)
N_ITERS = 30


def main():
    global theta
    for it in range(N_ITERS):
        theta = gd_step(theta, x, y)
        if it % 10 == 0:
            print("iter", it, "loss", robust_loss(theta, x, y))
    print("fitted slope/intercept:", theta)
    return theta


if __name__ == "__main__":
    main()
