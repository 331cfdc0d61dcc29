"""Phase retrieval of a pupil function from a far-field field estimate (Fourier optics)."""
import jax
import jax.numpy as jnp

from metrics import spectral_distance, intensity_distance

N = 32


def far_field(phase, aperture):
    pupil = aperture * jnp.exp(1j * phase)
    return jnp.fft.fftshift(jnp.fft.fft2(pupil)) / N


def objective(phase, aperture, target_field, measured, mix=0.5):
    field = far_field(phase, aperture)
    return mix * spectral_distance(field, target_field) + (1 - mix) * intensity_distance(field, measured)


def main():
    yy, xx = jnp.mgrid[-1:1:N * 1j, -1:1:N * 1j]
    aperture = (xx**2 + yy**2 < 0.5).astype(jnp.float32)
    true_phase = 2.0 * xx * yy + 0.5 * (xx**2 - yy**2)
    target = far_field(true_phase, aperture)
    measured = jnp.abs(target) ** 2
    phase = jnp.zeros((N, N))
    step = jax.jit(jax.grad(objective))
    for _ in range(30):
        phase = phase - 0.5 * step(phase, aperture, target, measured)
    print("phase error", jnp.mean(aperture * (phase - true_phase) ** 2))


if __name__ == "__main__":
    main()
