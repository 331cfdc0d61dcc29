"""Train the spam filter on synthetic hashed bag-of-words features."""
import jax
import jax.numpy as jnp

from spamfilter.trainer import TrainConfig, train_step

N_HASH = 64


def messages(key, n=300):
    kx, kw = jax.random.split(key)
    features = (jax.random.uniform(kx, (n, N_HASH)) < 0.1).astype(jnp.float32)
    w_true = jax.random.normal(kw, (N_HASH,))
    return features, (features @ w_true > 0.2).astype(jnp.float32)


def train(cfg=TrainConfig()):
    features, labels = messages(jax.random.key(11))
    params = {"w": jnp.zeros(N_HASH), "b": jnp.zeros(())}
    for _ in range(cfg.epochs):
        params, loss, stats = train_step(params, features, labels, cfg.loss, cfg.l2, cfg.learning_rate)
    return params, loss, stats


def main():
    _, loss, stats = train()
    print("loss", float(loss), "positive rate", float(stats["pos_rate"]))


if __name__ == "__main__":
    main()
