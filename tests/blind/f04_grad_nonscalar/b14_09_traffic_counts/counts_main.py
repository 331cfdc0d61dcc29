import jax
import jax.numpy as jnp

from glm import CONFIG, train


def hourly_data(key, n=500):
    k1, k2 = jax.random.split(key)
    x = jax.random.normal(k1, (n, 4))
    rate = jnp.exp(2.0 + x @ jnp.array([0.3, -0.2, 0.5, 0.0]))
    return x, jax.random.poisson(k2, rate).astype(jnp.float32)


def main():
    x, counts = hourly_data(jax.random.key(5))
    (w, b), losses = train(x, counts)
    print("coefficients", w, "intercept", float(b), "final loss", float(losses[-1]))


if __name__ == "__main__":
    main()
