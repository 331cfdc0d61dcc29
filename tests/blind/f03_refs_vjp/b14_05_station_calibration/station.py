import jax
import jax.numpy as jnp

from fit import calibration_round
from store import CalibrationStore


def readings(key, n=64, n_sensors=3):
    k1, k2 = jax.random.split(key)
    reference = 15.0 + 5.0 * jnp.sin(jnp.linspace(0.0, 6.0, n))
    true_gain = jnp.array([1.05, 0.97, 1.10])
    true_off = jnp.array([-0.4, 0.2, 0.8])
    raw = (reference[:, None] - true_off) / true_gain
    return raw + 0.05 * jax.random.normal(k2, (n, n_sensors)), reference


def main():
    raw, reference = readings(jax.random.key(7))
    raw = raw / 20.0
    reference = reference / 20.0
    store = CalibrationStore(raw.shape[1])
    loss = calibration_round(store, raw, reference)
    print("residual:", float(loss), store.snapshot())


if __name__ == "__main__":
    main()
