import jax
import jax.numpy as jnp

from clip.model import init
from clip.objective import contrastive_loss, recall_at_1
from clip.trainer import make_update


def paired_batch(key, n=32):
    k1, k2, k3 = jax.random.split(key, 3)
    concept = jax.random.normal(k1, (n, 10))
    images = concept @ jax.random.normal(k2, (10, 48))
    captions = concept @ jax.random.normal(k3, (10, 24))
    return {"images": images, "captions": captions}


def main(steps=40):
    params = init(jax.random.key(0), 48, 24, 16)
    update = make_update(contrastive_loss, lr=0.1)
    batch = paired_batch(jax.random.key(1))
    for _ in range(steps):
        params, loss = update(params, batch)
    _, logits = contrastive_loss(params, batch)
    print(f"loss {float(loss):.3f} recall@1 {float(recall_at_1(logits)):.2f}")
    return loss


if __name__ == "__main__":
    main()
