import jax
import jax.numpy as jnp
import numpy as np

from preprocess import preprocess_batch
from settings import DEFAULT


def synthetic_spectra(n=32, n_points=400, seed=0):
    rng = np.random.default_rng(seed)
    shift = np.linspace(200, 1800, n_points)
    labels = rng.integers(0, 2, n)
    peaks = np.where(labels[:, None] == 1, 1004.0, 1450.0)
    spectra = (np.exp(-0.5 * ((shift - peaks) / 8.0) ** 2)
               + 1e-4 * (shift - 1000.0) ** 2 / 100.0 + 0.05 * rng.standard_normal((n, n_points)))
    return jnp.asarray(spectra, dtype=jnp.float32), jnp.asarray(labels)


def train_logistic(X, y, iters=200, lr=0.5):
    w, b = jnp.zeros(X.shape[1]), 0.0
    def loss(w, b):
        logits = X @ w + b
        return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    grad = jax.jit(jax.grad(loss, argnums=(0, 1)))
    for _ in range(iters):
        gw, gb = grad(w, b)
        w, b = w - lr * gw, b - lr * gb
    return w, b


def main():
    spectra, labels = synthetic_spectra()
    X = preprocess_batch(spectra, DEFAULT)
    w, b = train_logistic(X, labels)
    acc = jnp.mean(((X @ w + b) > 0) == (labels == 1))
    print("training accuracy", float(acc))


if __name__ == "__main__":
    main()
