"""Learn a global tone curve that maps raw exposures onto an expert's retouched images."""

import jax
import jax.numpy as jnp

from curves import CURVE_INITS, apply_curve

SETTINGS = {"init": "identity", "lr": 200.0, "steps": 30, "smoothness": 1e-3}


def retouch_loss(curve, raw, target, smoothness):
    out = apply_curve(curve, raw)
    second_diff = curve[2:] - 2 * curve[1:-1] + curve[:-2]
    return jnp.mean(((out - target) / 255.0) ** 2) + smoothness * jnp.mean((second_diff / 255.0) ** 2)


@jax.jit
def update(curve, raw, target, lr, smoothness):
    g = jax.grad(retouch_loss)(curve, raw, target, smoothness)
    return curve - lr * g


def main(settings=SETTINGS):
    key = jax.random.PRNGKey(5)
    raw = jax.random.uniform(key, (4, 32, 32), minval=0.0, maxval=255.0)
    target = 255.0 * (raw / 255.0) ** 0.7
    curve = CURVE_INITS[settings["init"]]()
    for _ in range(settings["steps"]):
        curve = update(curve, raw, target, settings["lr"], settings["smoothness"])
    err = float(jnp.mean(jnp.abs(apply_curve(curve, raw) - target)))
    print("mean abs error (levels):", err)
    return err


if __name__ == "__main__":
    main()
