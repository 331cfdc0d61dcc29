"""Learn a short FIR denoising filter with a mixed time/frequency loss."""

import jax
import jax.numpy as jnp

from spectral import spectral_mse, time_mse


def apply_filter(taps, signal):
    return jnp.convolve(signal, taps, mode="same")


def objective(taps, noisy, clean, alpha=0.1):
    pred = apply_filter(taps, noisy)
    return time_mse(pred, clean) + alpha * spectral_mse(pred, clean)


def main(iters=20):
    t = jnp.linspace(0.0, 1.0, 64)
    clean = jnp.sin(2 * jnp.pi * 3 * t)
    noisy = clean + 0.3 * jax.random.normal(jax.random.key(5), t.shape)
    taps = jnp.zeros(5).at[2].set(1.0)
    opt_grad = jax.jit(jax.grad(objective))
    for _ in range(iters):
        taps = taps - 0.05 * opt_grad(taps, noisy, clean)
    err = float(time_mse(apply_filter(taps, noisy), clean))
    print("time-domain error", err)
    return err


if __name__ == "__main__":
    main()
