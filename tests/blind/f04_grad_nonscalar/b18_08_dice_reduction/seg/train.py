"""Train a per-pixel logistic segmenter on synthetic blobs with a soft Dice loss."""
import jax
import jax.numpy as jnp

from seg.config import DiceConfig
from seg.losses import SoftDice


def make_step(loss_fn):
    def objective(w, images, masks):
        return loss_fn(images * w[0] + w[1], masks)

    @jax.jit
    def step(w, images, masks):
        g = jax.grad(objective)(w, images, masks)
        return w - 0.1 * g

    return step


def main():
    key = jax.random.PRNGKey(1)
    images = jax.random.normal(key, (4, 16, 16))
    masks = (images > 0.5).astype(jnp.float32)
    step = make_step(SoftDice(DiceConfig()))
    w = jnp.array([1.0, 0.0])
    for _ in range(10):
        w = step(w, images, masks)
    print(w)


if __name__ == "__main__":
    main()
