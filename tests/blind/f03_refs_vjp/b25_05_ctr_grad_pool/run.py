"""Train the click model on a synthetic impression log."""

import jax
import jax.numpy as jnp

from ctr import ClickModel, Trainer

N_FEATURES, N_SLOTS = 5, 3


def impressions(key, n=128):
    kf, kc = jax.random.split(key)
    features = jax.random.normal(kf, (n, N_FEATURES))
    true_w = jnp.linspace(-1.0, 1.0, N_FEATURES * N_SLOTS).reshape(N_FEATURES, N_SLOTS)
    p = jax.nn.sigmoid(features @ true_w)
    clicks = jax.random.bernoulli(kc, p).astype(jnp.float32)
    return features, clicks


def train(epochs=5):
    trainer = Trainer(ClickModel.create(N_FEATURES, N_SLOTS))
    features, clicks = impressions(jax.random.key(5))
    for _ in range(epochs):
        loss = trainer.step(features, clicks)
    return loss, trainer.pool.global_norm()


def main():
    loss, gnorm = train()
    print(f"loss {float(loss):.4f}  |g| {float(gnorm):.4f}")


if __name__ == "__main__":
    main()
