"""Learn the quantile levels that best cover a held-out calibration set."""
import jax
import jax.numpy as jnp

from forecast.losses import pinball


def main():
    key = jax.random.PRNGKey(3)
    target = jax.random.normal(key, (128, 1))
    pred = jnp.tile(jnp.array([[-1.0, 0.0, 1.0]]), (128, 1))
    tau = jnp.array([0.1, 0.5, 0.9])
    g = jax.grad(pinball, argnums=1)(pred, tau, 0.05, target)
    print("tau gradient", g)


if __name__ == "__main__":
    main()
