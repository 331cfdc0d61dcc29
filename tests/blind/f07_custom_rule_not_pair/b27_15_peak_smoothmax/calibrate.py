"""Calibrate detector gains so the chromatogram peak heights match reference standards."""
import jax
import jax.numpy as jnp

from smoothmax import smoothmax

TEMPERATURE = 0.05


def chromatograms(t, centers, widths):
    return jnp.exp(-0.5 * ((t[None, :] - centers[:, None]) / widths[:, None]) ** 2)


def peak_loss(log_gain, signal, reference_heights):
    heights = smoothmax(jnp.exp(log_gain)[:, None] * signal, TEMPERATURE)
    return jnp.mean((heights - reference_heights) ** 2)


def main():
    t = jnp.linspace(0.0, 10.0, 400)
    signal = chromatograms(t, jnp.array([2.0, 4.5, 7.0]), jnp.array([0.2, 0.3, 0.25]))
    reference = jnp.array([1.8, 0.7, 1.2])
    log_gain = jnp.zeros(3)
    grad_fn = jax.jit(jax.grad(peak_loss))
    for _ in range(200):
        log_gain = log_gain - 0.2 * grad_fn(log_gain, signal, reference)
    print("gains", jnp.exp(log_gain))


if __name__ == "__main__":
    main()
