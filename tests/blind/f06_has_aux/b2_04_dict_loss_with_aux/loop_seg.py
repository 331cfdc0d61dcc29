import jax
import jax.numpy as jnp

from seg import seg_loss

grad_fn = jax.jit(jax.value_and_grad(seg_loss, has_aux=True))


def main(steps=10):
    images = jax.random.uniform(jax.random.key(4), (2, 8, 8, 3))
    masks = (images[..., 0] > 0.5).astype(jnp.float32)
    params = {"kernel": jnp.zeros((3, 1)), "bias": jnp.zeros(1)}
    for _ in range(steps):
        (loss, parts), grads = grad_fn(params, images, masks)
        params = jax.tree.map(lambda p, g: p - 1.0 * g, params, grads)
    print("loss", float(loss), {k: float(v) for k, v in parts.items()})
    return float(loss)


if __name__ == "__main__":
    main()
