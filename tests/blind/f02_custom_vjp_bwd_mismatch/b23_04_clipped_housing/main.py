import jax
import jax.numpy as jnp

from model import HousePriceRegressor

FEATURES = ["rooms", "area", "age", "distance", "tax"]


def load_data(n=200):
    key = jax.random.key(7)
    x = jax.random.normal(key, (n, len(FEATURES)))
    true_w = jnp.array([0.8, 1.5, -0.3, -0.9, -0.2])
    y = x @ true_w + 2.0 + 0.1 * jax.random.normal(jax.random.key(8), (n,))
    return x, y


def main():
    x, y = load_data()
    model = HousePriceRegressor(len(FEATURES), jax.random.key(0))
    final = model.fit(x, y)
    print("train mse", float(final))
    return final


if __name__ == "__main__":
    main()
