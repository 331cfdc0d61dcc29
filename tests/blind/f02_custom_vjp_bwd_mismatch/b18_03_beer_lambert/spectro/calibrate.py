"""Calibrate molar absorptivities from a set of standards of known concentration."""
import jax
import jax.numpy as jnp

from spectro.ops import transmittance


def loss(eps, conc, measured):
    return jnp.mean((transmittance(eps, conc) - measured) ** 2)


def main():
    wavelengths = jnp.linspace(400.0, 700.0, 16)
    true_eps = 0.5 + 0.4 * jnp.sin(wavelengths / 50.0)
    conc = jnp.array([0.1, 0.2, 0.4, 0.8, 1.6])
    measured = jnp.exp(-conc[:, None] * true_eps[None, :])
    eps = jnp.full((16,), 0.5)
    grad_fn = jax.jit(jax.grad(loss))
    for _ in range(50):
        eps = eps - 0.5 * grad_fn(eps, conc, measured)
    print("max error", jnp.max(jnp.abs(eps - true_eps)))


if __name__ == "__main__":
    main()
