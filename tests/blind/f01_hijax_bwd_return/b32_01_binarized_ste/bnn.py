"""Tiny binarized MLP on XOR-like data (assignment 3, exported from the notebook)."""
import jax
import jax.numpy as jnp

from binarize import binarize

key = jax.random.key(42)
N, D, H = 128, 2, 16
LR = 0.05
EPOCHS = 5


def make_data(key):
    X = jax.random.normal(key, (N, D))
    y = (X[:, 0] * X[:, 1] > 0).astype(jnp.float32)
    return X, y


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {"W1": jax.random.normal(k1, (D, H)) * 0.5,
            "W2": jax.random.normal(k2, (H,)) * 0.5}


def forward(params, X):
    h = binarize(X @ params["W1"])
    return h @ params["W2"] / H


def loss_fn(params, X, y):
    logits = forward(params, X)
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)


def main():
    X, y = make_data(key)
    params = init_params(jax.random.key(1))
    for epoch in range(EPOCHS):
        loss, grads = jax.value_and_grad(loss_fn)(params, X, y)
        params = {k: params[k] - LR * grads[k] for k in params}
        print(f"epoch {epoch}: loss = {loss:.4f}")
    return loss


if __name__ == "__main__":
    main()
