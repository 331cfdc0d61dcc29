"""Fit a camera tone curve to reference renderings of raw exposures."""

import jax
import jax.numpy as jnp

from curves import ToneCurve
from interp import evaluate


def reference_tonemap(x):
    return x / (x + 0.25) * 1.25


def loss(curve, raw, target):
    return jnp.mean((evaluate(curve, raw) - target) ** 2)


@jax.jit
def step(curve, raw, target, lr=0.5):
    value, g = jax.value_and_grad(loss)(curve, raw, target)
    new_values = curve.values - lr * g.values
    return ToneCurve(new_values, curve.knots, curve.extrapolate), value


def main():
    raw = jax.random.uniform(jax.random.key(0), (16, 16), maxval=1.1)
    target = reference_tonemap(raw)
    curve = ToneCurve.identity(9, extrapolate=True)
    for _ in range(50):
        curve, value = step(curve, raw, target)
    print("mse", value)
    return value


if __name__ == "__main__":
    main()
