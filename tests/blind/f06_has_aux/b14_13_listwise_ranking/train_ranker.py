import jax
import jax.numpy as jnp

from ranking.losses import listnet


def init(key, d=12, h=16):
    k1, k2 = jax.random.split(key)
    return {"w1": 0.1 * jax.random.normal(k1, (d, h)), "b1": jnp.zeros(h),
            "w2": 0.1 * jax.random.normal(k2, (h,))}


def queries(key, n_q=32, n_docs=10, d=12):
    k1, k2 = jax.random.split(key)
    features = jax.random.normal(k1, (n_q, n_docs, d))
    relevance = jnp.clip(jnp.round(features[..., 0] + 0.5 * features[..., 1] + 1.0), 0, 3)
    return {"features": features, "relevance": relevance}


@jax.jit
def update(params, batch, lr=0.1):
    (loss, metrics), grads = jax.value_and_grad(listnet, has_aux=True)(params, batch)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss, metrics


def main(steps=50):
    params = init(jax.random.key(0))
    batch = queries(jax.random.key(1))
    for _ in range(steps):
        params, loss, metrics = update(params, dict(batch))
    print("loss", float(loss), "ndcg@5", float(metrics["ndcg@5"]))
    return loss


if __name__ == "__main__":
    main()
