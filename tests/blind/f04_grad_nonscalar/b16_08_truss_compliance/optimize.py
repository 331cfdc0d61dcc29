"""Gradient-based sizing of a bar under two load cases (projected gradient descent)."""
import jax
import jax.numpy as jnp

from objective import compliance, volume_penalty

N_EL = 16


def load_cases():
    tip = jnp.zeros(N_EL).at[-1].set(1.0)
    spread = jnp.full(N_EL, 1.0 / N_EL)
    return jnp.stack([tip, spread])


def design_objective(density, loads):
    return compliance(density, loads) + volume_penalty(density)


@jax.jit
def update(density, loads, lr=0.02):
    value, g = jax.value_and_grad(design_objective)(density, loads)
    return jnp.clip(density - lr * g, 0.05, 1.0), value


def optimize(n_iter=60):
    loads = load_cases()
    density = jnp.full(N_EL, 0.5)
    for _ in range(n_iter):
        density, value = update(density, loads)
    return density, value


def main():
    density, value = optimize()
    print("objective", float(value), "density", density)


if __name__ == "__main__":
    main()
