"""Briefly fits the classifier, then computes saliency maps for a batch."""
import jax
import jax.numpy as jnp

import model
from attribution import saliency_maps


def xent(params, images, labels):
    logp = jax.nn.log_softmax(model.logits(params, images).astype(jnp.float32))
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


@jax.jit
def train_step(params, images, labels, lr=0.2):
    grads = jax.grad(xent)(params, images, labels)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def run(steps=10):
    images = jax.random.uniform(jax.random.key(0), (32, 8, 8))
    labels = jnp.argmax(images[:, :4, :4].reshape(32, 4, 4).sum(-1), axis=-1)
    params = model.init(jax.random.key(1))
    for _ in range(steps):
        params = train_step(params, images, labels)
    maps = saliency_maps(model.logits, params, images[:8], labels[:8])
    return maps


def main():
    maps = run()
    print("saliency", maps.shape, maps.dtype, float(maps.mean()))


if __name__ == "__main__":
    main()
