"""Fit activation energies to measured conversions."""
import jax
import jax.numpy as jnp

from kinetics import conversion

T_FINAL = 60.0
MEASURED = jnp.array([0.62, 0.35, 0.11, 0.04])


def loss(ea):
    pred = conversion(ea, T_FINAL)
    return jnp.mean((pred - MEASURED) ** 2)


def fit(ea0, lr=50.0, steps=5):
    grad_fn = jax.grad(loss)
    ea = ea0
    for _ in range(steps):
        ea = ea - lr * grad_fn(ea)
    return ea


def main():
    ea = fit(jnp.array([45.0, 48.0, 52.0, 56.0]))
    print("Ea:", ea, "loss:", loss(ea))


if __name__ == "__main__":
    main()
