"""Train the transaction scorer on synthetic labelled transactions."""
import jax
import jax.numpy as jnp

from fraud.model import N_FEATURES, bce, init_params, monitor


def transactions(key, n=128):
    kx, ky = jax.random.split(key)
    x = jax.random.normal(kx, (n, N_FEATURES))
    y = (x[:, 0] + 0.5 * x[:, 3] + 0.3 * jax.random.normal(ky, (n,)) > 1.0).astype(jnp.float32)
    return x, y


def train(epochs=20, lr=0.5):
    params = init_params(jax.random.key(1))
    x, y = transactions(jax.random.key(2))
    for _ in range(epochs):
        grads = jax.grad(bce)(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, bce(params, x, y)


def main():
    _, loss = train()
    print("loss", float(loss), "drift", monitor.report())


if __name__ == "__main__":
    main()
