"""Refit the filter taps and offset to predict the next sample."""

import jax
import jax.numpy as jnp

from taps import TapFilter, sliding_windows


def prediction_error(filt: TapFilter, taps_ref, offset, windows, targets):
    return jnp.mean((filt(taps_ref, offset, windows) - targets) ** 2)


def refit(filt: TapFilter, signal: jax.Array, n_steps: int = 40, lr: float = 0.2):
    n = filt.taps.shape[0]
    windows = sliding_windows(signal, n)
    targets = signal[n:]
    errors = []
    for _ in range(n_steps):
        err, pullback = jax.vjp(
            lambda t, b: prediction_error(filt, t, b, windows, targets), filt.taps, filt.offset
        )
        taps_ct, offset_ct = pullback.with_refs(jax.ad.GradValue(), jax.ad.GradValue())(jnp.ones_like(err))
        filt.taps[...] -= lr * taps_ct
        filt.offset = filt.offset - lr * offset_ct
        errors.append(float(err))
    return errors


def main():
    t = jnp.linspace(0.0, 6.0, 80)
    signal = jnp.sin(t) + 0.3
    errors = refit(TapFilter(4), signal)
    print(f"prediction error {errors[0]:.5f} -> {errors[-1]:.5f}")


if __name__ == "__main__":
    main()
