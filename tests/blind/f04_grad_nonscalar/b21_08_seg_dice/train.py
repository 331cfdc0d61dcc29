"""Segment two kinds of synthetic blobs with a combined Dice + BCE objective."""
import jax
import jax.numpy as jnp

import unet_lite
from seg_losses import combined

EXPERIMENT = {
    "losses": ["dice", "bce"],
    "loss_weights": [1.0, 0.5],
    "n_classes": 2,
    "lr": 0.2,
    "steps": 4,
}


def blobs(key, n=8, size=16):
    yy, xx = jnp.mgrid[:size, :size]
    centres = jax.random.uniform(key, (n, 2, 2), minval=3, maxval=size - 3)
    d = (yy[None, None] - centres[..., 0, None, None]) ** 2 + (xx[None, None] - centres[..., 1, None, None]) ** 2
    masks = (d < 9.0).astype(jnp.float32).transpose(0, 2, 3, 1)   # (n, H, W, 2)
    images = masks.sum(-1, keepdims=True) + 0.1 * jax.random.normal(key, (n, size, size, 1))
    return images, masks


def main():
    images, masks = blobs(jax.random.key(3))
    params = unet_lite.init(jax.random.key(0), 1, 8, EXPERIMENT["n_classes"])
    objective = combined(EXPERIMENT["losses"], EXPERIMENT["loss_weights"])
    loss_fn = lambda p: objective(unet_lite.apply(p, images), masks)
    grad_fn = jax.jit(jax.value_and_grad(loss_fn))
    for step in range(EXPERIMENT["steps"]):
        loss, grads = grad_fn(params)
        params = jax.tree.map(lambda p, g: p - EXPERIMENT["lr"] * g, params, grads)
        print(f"step {step}: {float(loss):.4f}")
    return params


if __name__ == "__main__":
    main()
