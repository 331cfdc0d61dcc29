"""Directional derivatives of the vector field (Jacobian-vector products)."""

import jax
import jax.numpy as jnp

from dynamics import vector_field


def directional(state, direction):
    _, jv = jax.jvp(vector_field, (state,), (direction,))
    return jv


def main():
    state = jnp.array([10.0, 5.0])
    basis = jnp.eye(2)
    cols = [directional(state, basis[:, i : i + 1]) for i in range(2)]
    jac = jnp.stack(cols, axis=1)
    print(jac)
    return jac


if __name__ == "__main__":
    main()
