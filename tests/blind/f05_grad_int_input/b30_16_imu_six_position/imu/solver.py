"""Six-position calibration: at rest, the measured specific force has norm 1 g."""
import jax
import jax.numpy as jnp


def gravity_residual(calib, raw):
    return jnp.linalg.norm(calib.apply(raw), axis=-1) - 1.0


def calibrate(calib, raw, *, steps=300, lr=0.1):
    loss = lambda c: jnp.mean(gravity_residual(c, raw) ** 2)
    value_and_grad = jax.jit(jax.value_and_grad(loss))
    # Scales (1/counts) and biases (counts) live on very different magnitudes.
    precond = type(calib)(calib.scale ** 2, jnp.ones(3), 0.1 / calib.scale ** 2)
    for _ in range(steps):
        value, g = value_and_grad(calib)
        calib = jax.tree.map(lambda p, gi, m: p - lr * m * gi, calib, g, precond)
    return calib, value
