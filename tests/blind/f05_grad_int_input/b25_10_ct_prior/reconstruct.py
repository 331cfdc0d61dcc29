"""Warm-started least-squares reconstruction of a follow-up scan."""

import jax
import jax.numpy as jnp
import numpy as np

from ct import ScanHeader, initial_attenuation, ray_matrix, read_slice

HEADER = ScanHeader(rows=8, cols=8)


def fake_console_file(seed=0) -> bytes:
    rng = np.random.default_rng(seed)
    counts = rng.integers(15, 25, size=(HEADER.rows, HEADER.cols)).astype("<u2")
    return counts.tobytes()


def misfit(mu, system, sinogram, tv_weight=1e-3):
    residual = system @ mu.ravel() - sinogram
    tv = jnp.sum(jnp.abs(jnp.diff(mu, axis=0))) + jnp.sum(jnp.abs(jnp.diff(mu, axis=1)))
    return 0.5 * jnp.sum(residual**2) + tv_weight * tv


def reconstruct(iters=20, lr=1e-4):
    n_pix = HEADER.rows * HEADER.cols
    system = ray_matrix(jax.random.key(0), 96, n_pix)
    truth = 20.0 + 4.0 * jax.random.uniform(jax.random.key(1), (HEADER.rows, HEADER.cols))
    sinogram = system @ truth.ravel()
    mu = initial_attenuation(read_slice(fake_console_file(), HEADER), HEADER)
    step = jax.jit(jax.grad(misfit))
    for _ in range(iters):
        mu = mu - lr * step(mu, system, sinogram)
    return misfit(mu, system, sinogram)


def main():
    print("final misfit", float(reconstruct()))


if __name__ == "__main__":
    main()
