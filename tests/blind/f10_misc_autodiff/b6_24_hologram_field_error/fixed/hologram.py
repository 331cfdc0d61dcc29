"""Design a phase-only hologram whose propagated field matches a target field."""

import jax
import jax.numpy as jnp

from optics import AngularSpectrum, phase_mask


def field_error(phase, propagate, target):
    out = propagate(phase_mask(phase))
    return jnp.mean(jnp.abs(out - target) ** 2)


def adam(grad_fn, x, steps=60, lr=0.1, b1=0.9, b2=0.999):
    m = jnp.zeros_like(x)
    v = jnp.zeros_like(x)
    for t in range(1, steps + 1):
        loss, g = grad_fn(x)
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g**2
        x = x - lr * (m / (1 - b1**t)) / (jnp.sqrt(v / (1 - b2**t)) + 1e-8)
    return x, loss


def main():
    n = 32
    propagate = AngularSpectrum(n, pitch=8e-6, wavelength=633e-9, distance=2e-3)
    true_phase = jax.random.uniform(jax.random.PRNGKey(0), (n, n), maxval=2 * jnp.pi)
    target = propagate(phase_mask(true_phase))
    grad_fn = jax.jit(jax.value_and_grad(lambda p: field_error(p, propagate, target)))
    phase, loss = adam(grad_fn, jnp.zeros((n, n)))
    print(f"field error {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
