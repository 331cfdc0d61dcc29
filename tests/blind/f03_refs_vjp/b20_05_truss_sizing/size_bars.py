"""Size the bar cross-sections of a bridge truss for minimum compliance."""
import jax
import jax.numpy as jnp

from optim import vjp_step
from truss import NODES, compliance


def point_loads():
    f = jnp.zeros(2 * len(NODES))
    f = f.at[2 * 1 + 1].set(-20e3)  # 20 kN down at mid-span
    return f.at[2 * 4 + 1].set(-5e3)


def main(iterations=30):
    areas = jax.new_ref(jnp.full(7, 100.0))  # mm^2
    loads = point_loads()
    history = []
    for _ in range(iterations):
        value, f_vjp = jax.vjp(compliance, areas, loads)
        history.append(float(vjp_step(value, f_vjp, [areas], lr=20.0)))
    print(f"compliance {history[0]:.2f} -> {history[-1]:.2f} N mm")
    return history


if __name__ == "__main__":
    main()
