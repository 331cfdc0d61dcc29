"""How much does the design heat loss change per degree of indoor/outdoor temperature?"""
import jax
import jax.numpy as jnp

import units
from wall import heat_loss, WALL


def design_boundary():
    return jnp.array([units.T_INSIDE_C, units.T_OUTSIDE_C], dtype=jnp.float32)


def main():
    bc = design_boundary()
    q, dq_dbc = jax.value_and_grad(heat_loss)(bc, WALL)
    u_value = dq_dbc[0]
    print(f"heat loss {float(q):.2f} W/m^2, U = {float(u_value):.3f} W/(m^2 K)")
    return q, dq_dbc


if __name__ == "__main__":
    main()
