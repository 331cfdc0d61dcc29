import jax
import jax.numpy as jnp

import adjoint
from aquifer import N_CELLS, well_heads


def test_adjoint_rows_match_jacrev():
    log_k = jnp.log(jnp.linspace(10.0, 30.0, N_CELLS))
    _, jac = adjoint.sensitivity_matrix(log_k)
    assert jnp.allclose(jac, jax.jacrev(well_heads)(log_k), atol=1e-3)
