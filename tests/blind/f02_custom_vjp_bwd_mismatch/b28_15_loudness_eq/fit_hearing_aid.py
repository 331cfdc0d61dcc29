# Fit per-band gains so that aided loudness matches a target loudness profile.
import jax
import jax.numpy as jnp
import numpy as np

from dsp_utils import SR, band_matrix, stft_mag
from equalizer import make_band_gain

N_BANDS = 12
rng = np.random.default_rng(5)
t = np.arange(SR // 2) / SR
speech_like = np.sin(2 * np.pi * 180 * t) * (1 + np.sin(2 * np.pi * 3 * t)) + 0.3 * rng.standard_normal(t.size)

POOL = band_matrix(N_BANDS)
ENERGY = stft_mag(jnp.asarray(speech_like, jnp.float32)) ** 2 @ POOL
HEARING_LOSS_DB = jnp.linspace(10.0, 45.0, N_BANDS)      # sloping high-frequency loss
TARGET = jnp.log1p(jnp.mean(ENERGY, axis=0))

band_gain = make_band_gain(N_BANDS)


def loudness_mismatch(log_gain):
    audible = ENERGY * 10 ** (-HEARING_LOSS_DB / 10)
    aided = band_gain(audible, log_gain)
    return jnp.mean((jnp.mean(aided, axis=0) - TARGET) ** 2)


def main():
    log_gain = jnp.zeros(N_BANDS)
    step = jax.jit(jax.value_and_grad(loudness_mismatch))
    for i in range(200):
        val, g = step(log_gain)
        log_gain = log_gain - 1.0 * g
        if i % 50 == 0:
            print(f"iter {i}: mismatch {float(val):.4f}")
    print("prescribed gain (dB):", np.round(np.asarray(log_gain) * 10 / np.log(10), 1))
    return log_gain


if __name__ == "__main__":
    main()
