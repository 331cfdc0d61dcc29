import jax
import jax.numpy as jnp

from housing import train


def features(n=256, seed=0):
    k1, k2 = jax.random.split(jax.random.key(seed))
    X = jax.random.normal(k1, (n, 5))
    y = X @ jnp.array([0.3, -0.2, 0.5, 0.0, 0.1]) + 12.0 + 0.1 * jax.random.normal(k2, (n,))
    return X, y


def main():
    X, y = features()
    layer, loss = train(X, y)
    print("final mse", float(loss), "intercept", float(layer.bias[...][0]))


if __name__ == "__main__":
    main()
