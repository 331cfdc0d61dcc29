"""Training and evaluation loop for the sentiment classifier."""
import jax
import jax.numpy as jnp

from losses import classification_loss, init_params

VOCAB, DIM, CLASSES = 50, 16, 2


@jax.jit
def train_step(params, batch, lr=0.5):
    (loss, out), grads = jax.value_and_grad(classification_loss, has_aux=True)(params, batch)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, {"loss": loss, **out.metrics}


def make_batch(key, n=64, length=9):
    kt, kl = jax.random.split(key)
    tokens = jax.random.randint(kt, (n, length), 1, VOCAB)
    lengths = jax.random.randint(kl, (n,), 2, length + 1)
    mask = (jnp.arange(length)[None] < lengths[:, None]).astype(jnp.float32)
    labels = (jnp.sum((tokens < VOCAB // 2) * mask, axis=1) > lengths / 2).astype(jnp.int32)
    return {"tokens": tokens, "mask": mask, "labels": labels}


def run(steps=30):
    params = init_params(jax.random.key(0), VOCAB, DIM, CLASSES)
    batch = make_batch(jax.random.key(1))
    metrics = {}
    for _ in range(steps):
        params, metrics = train_step(params, batch)
    return {k: float(v) for k, v in metrics.items()}


def main():
    print(run())


if __name__ == "__main__":
    main()
