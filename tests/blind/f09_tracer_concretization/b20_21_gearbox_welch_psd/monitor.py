"""Gearbox condition monitoring: energy around the gear-mesh frequency."""
import jax
import jax.numpy as jnp

from spectral import welch_psd

FS = 5000.0  # Hz
MESH_HZ = 620.0


def accelerometer_record(seconds=2.0, fault=0.0):
    t = jnp.arange(int(seconds * FS)) / FS
    mesh = jnp.sin(2 * jnp.pi * MESH_HZ * t)
    sidebands = fault * jnp.sin(2 * jnp.pi * (MESH_HZ + 25.0) * t)
    noise = 0.3 * jax.random.normal(jax.random.key(0), t.shape)
    return mesh + sidebands + noise


def band_energy(freqs, psd, lo, hi):
    mask = (freqs >= lo) & (freqs <= hi)
    return jnp.sum(jnp.where(mask, psd, 0.0)) * (freqs[1] - freqs[0])


def main(nperseg=512):
    report = {}
    for label, fault in (("healthy", 0.0), ("worn", 0.6)):
        freqs, psd = welch_psd(accelerometer_record(fault=fault), FS, nperseg)
        report[label] = float(band_energy(freqs, psd, MESH_HZ + 10.0, MESH_HZ + 40.0))
    print({k: round(v, 4) for k, v in report.items()})
    return report


if __name__ == "__main__":
    main()
