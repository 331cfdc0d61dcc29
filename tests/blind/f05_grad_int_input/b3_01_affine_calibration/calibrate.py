"""Fit the calibration to reference readings with plain gradient descent."""
import jax
import jax.numpy as jnp

from params import Calibration, identity_calibration


def apply(cal: Calibration, raw, temperature):
    return cal.gain * raw + cal.offset + cal.temperature_coeff * (temperature - 20.0)


def loss(cal, raw, temperature, reference):
    return jnp.mean((apply(cal, raw, temperature) - reference) ** 2)


@jax.jit
def update(cal, raw, temperature, reference):
    grads = jax.grad(loss)(cal, raw, temperature, reference)
    return jax.tree.map(lambda p, g: p - 0.1 * g, cal, grads)


def main():
    key = jax.random.PRNGKey(1)
    raw = jax.random.uniform(key, (256, 4), minval=0.0, maxval=5.0)
    temperature = jnp.linspace(15.0, 25.0, 256)[:, None]
    reference = 1.1 * raw - 0.2 + 0.01 * (temperature - 20.0)
    cal = identity_calibration(4)
    for _ in range(300):
        cal = update(cal, raw, temperature, reference)
    err = float(loss(cal, raw, temperature, reference))
    print("calibration error", err)
    return err


if __name__ == "__main__":
    main()
