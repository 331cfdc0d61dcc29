"""Fit shear and bulk moduli of a filled rubber to a planar (pure-shear) tension test."""
import jax
import jax.numpy as jnp

from hencky import Moduli, nominal_stress

STRETCHES = jnp.linspace(1.02, 1.6, 12)


def predicted(moduli, thickness):
    return jax.vmap(nominal_stress, in_axes=(0, 0, None))(STRETCHES, thickness, moduli)


def misfit(log_moduli, thickness, measured):
    moduli = Moduli(*jnp.exp(log_moduli))
    return jnp.mean((predicted(moduli, thickness) - measured) ** 2)


def main(steps=200, lr=0.02):
    thickness = STRETCHES ** -0.9  # measured by laser micrometer
    measured = predicted(Moduli(jnp.float32(0.6), jnp.float32(30.0)), thickness)  # MPa
    log_moduli = jnp.log(jnp.array([1.0, 20.0]))
    start = float(misfit(log_moduli, thickness, measured))
    grad_fn = jax.jit(jax.grad(misfit))
    for _ in range(steps):
        log_moduli = log_moduli - lr * grad_fn(log_moduli, thickness, measured)
    end = float(misfit(log_moduli, thickness, measured))
    mu, kappa = jnp.exp(log_moduli)
    print(f"misfit {start:.2e} -> {end:.2e}: mu = {float(mu):.3f} MPa, kappa = {float(kappa):.2f} MPa")
    return start, end


if __name__ == "__main__":
    main()
