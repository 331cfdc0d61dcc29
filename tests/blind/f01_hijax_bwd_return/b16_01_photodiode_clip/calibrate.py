"""Fit the per-pixel gain of a photodiode row from a ramp of exposures."""
import jax
import jax.numpy as jnp

from detector import read_out


def make_data(key, n_pix=32):
    flux = jnp.linspace(500.0, 2.0e4, n_pix)
    exposures = jnp.array([0.1, 0.5, 1.0, 2.0])
    true_gain = 1.2 + 0.05 * jax.random.normal(key, (n_pix,))
    counts = read_out(flux[None, :], exposures[:, None], true_gain[None, :])
    return flux, exposures, counts


def loss(gain, flux, exposures, counts):
    pred = read_out(flux[None, :], exposures[:, None], gain[None, :])
    return jnp.mean((pred - counts) ** 2) / 1e4


def fit(n_steps=20, lr=0.05):
    flux, exposures, counts = make_data(jax.random.PRNGKey(0))
    gain = jnp.ones_like(flux)
    grad_fn = jax.value_and_grad(loss)
    for _ in range(n_steps):
        value, g = grad_fn(gain, flux, exposures, counts)
        gain = gain - lr * g
    return value, gain


def main():
    value, gain = fit()
    print(f"final loss {float(value):.4f}, mean gain {float(gain.mean()):.3f}")


if __name__ == "__main__":
    main()
