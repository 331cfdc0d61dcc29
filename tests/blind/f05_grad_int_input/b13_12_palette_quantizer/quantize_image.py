import jax
import jax.numpy as jnp

from palette.init import INITIALISERS
from palette.quantize import assign, soft_distortion

SETTINGS = {"colours": 8, "init": "random", "lr": 5.0, "steps": 100}

grad_fn = jax.jit(jax.grad(soft_distortion))


def synthetic_image(key, n=2048):
    centres = jnp.array([[200.0, 40, 40], [30, 160, 60], [20, 40, 190], [240, 230, 210]])
    kc, kn = jax.random.split(key)
    which = jax.random.randint(kc, (n,), 0, centres.shape[0])
    return jnp.clip(centres[which] + 12.0 * jax.random.normal(kn, (n, 3)), 0.0, 255.0)


def fit_palette(pixels, settings, key):
    palette = INITIALISERS[settings["init"]](key, settings["colours"])
    for _ in range(settings["steps"]):
        palette = palette - settings["lr"] * grad_fn(palette, pixels)
    return palette


def main(steps=SETTINGS["steps"]):
    pixels = synthetic_image(jax.random.key(0))
    palette = fit_palette(pixels, dict(SETTINGS, steps=steps), jax.random.key(1))
    labels = assign(palette, pixels)
    err = jnp.sqrt(jnp.mean(jnp.sum((pixels - palette[labels]) ** 2, axis=-1)))
    print("palette rms error", float(err))
    return err


if __name__ == "__main__":
    main()
