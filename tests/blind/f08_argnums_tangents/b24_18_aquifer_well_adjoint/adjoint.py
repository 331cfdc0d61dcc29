"""Sensitivity of each well's head to the log-transmissivity field, one adjoint per well."""
import jax
import jax.numpy as jnp

from aquifer import N_CELLS, well_heads
from wells import WELL_CELLS, selector


def sensitivity_matrix(log_k):
    h, pullback = jax.vjp(well_heads, log_k)
    rows = []
    for i in range(h.shape[0]):
        (row,) = pullback(selector(i, h.shape[0]))
        rows.append(row)
    return h, jnp.stack(rows)


def main():
    log_k = jnp.log(jnp.full(N_CELLS, 25.0)).at[20:30].set(jnp.log(5.0))
    h, jac = sensitivity_matrix(log_k)
    for cell, head, row in zip(WELL_CELLS, h, jac):
        print("well at cell %2d: head %.2f m, most sensitive to cell %2d" % (cell, head, jnp.argmax(jnp.abs(row))))
    return jac


if __name__ == "__main__":
    main()
