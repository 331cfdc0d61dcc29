"""Train the FM on a synthetic impression log with the hashing trick."""
import jax
import jax.numpy as jnp

from fm import init_fm, log_loss

N_BUCKETS = 2 ** 10
FIELDS = 5


def impressions(key, n=512):
    k1, k2 = jax.random.split(key)
    raw = jax.random.randint(k1, (n, FIELDS), 0, 50)
    feat_ids = (raw * 40503 + jnp.arange(FIELDS) * 97) % N_BUCKETS
    p = jax.nn.sigmoid(0.08 * (raw[:, 0] - raw[:, 1]))
    clicks = (jax.random.uniform(k2, (n,)) < p).astype(jnp.float32)
    return feat_ids, clicks


def main():
    params = init_fm(jax.random.key(0), N_BUCKETS, k=4)
    feat_ids, clicks = impressions(jax.random.key(1))
    update = jax.jit(jax.value_and_grad(log_loss))
    for epoch in range(5):
        loss, g = update(params, feat_ids, clicks)
        params = jax.tree.map(lambda p, gp: p - 0.5 * gp, params, g)
        print(f"epoch {epoch}: logloss {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
