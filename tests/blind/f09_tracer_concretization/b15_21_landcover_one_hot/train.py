"""Train a land-cover classifier on synthetic multispectral pixels."""
import jax
import jax.numpy as jnp

from landcover.trainer import init_params, train_step

CLASSES = ("water", "forest", "crop", "urban", "bare")
N_BANDS = 6


def pixels(key, n=512):
    kc, kx = jax.random.split(key)
    centers = jax.random.normal(kc, (len(CLASSES), N_BANDS))
    labels = jnp.arange(n) % len(CLASSES)
    return centers[labels] + 0.3 * jax.random.normal(kx, (n, N_BANDS)), labels


def train(epochs=30):
    x, y = pixels(jax.random.key(0))
    params = init_params(jax.random.key(1), N_BANDS, len(CLASSES))
    for _ in range(epochs):
        params, loss = train_step(params, x, y, len(CLASSES))
    return loss


def main():
    print("loss", float(train()))


if __name__ == "__main__":
    main()
