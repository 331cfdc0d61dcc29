import jax
import jax.numpy as jnp

from metric.embed import Embedder
from metric.losses import triplet_loss

model = Embedder(in_dim=32, hidden=64, out_dim=16)


def loss_fn(params, batch):
    anchor, positive, negative = (model(params, batch[k]) for k in ("anchor", "positive", "negative"))
    return triplet_loss(anchor, positive, negative)


@jax.jit
def train_step(params, batch, lr=0.05):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def make_batch(key, n=24):
    ka, kp, kn = jax.random.split(key, 3)
    identity = jax.random.normal(ka, (n, 32))
    return {
        "anchor": identity,
        "positive": identity + 0.1 * jax.random.normal(kp, (n, 32)),
        "negative": jax.random.normal(kn, (n, 32)),
    }


def main(steps=10):
    params = model.init(jax.random.key(0))
    key = jax.random.key(1)
    for _ in range(steps):
        key, sub = jax.random.split(key)
        params, loss = train_step(params, make_batch(sub))
    print("triplet loss", float(loss))
    return loss


if __name__ == "__main__":
    main()
