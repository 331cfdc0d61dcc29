"""Claims of data/api/jax.jacrev.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim

X = jnp.array([1.0, 2.0])
f = lambda x: jnp.array([x[0] * x[1], jnp.sin(x[0])])


@claim("unlike jax.grad the output need not be scalar")
def vector_output():
    assert jax.jacrev(f)(X).shape == (2, 2)


@claim("custom_vjp bwd rules and hijax vjp_bwd rules run batched")
def batched_bwd():
    g = jax.custom_vjp(jnp.sin)
    g.defvjp(lambda x: (jnp.sin(x), x), lambda x, ct: (ct * jnp.cos(x),))
    assert jnp.allclose(jax.jacrev(g)(X), jnp.diag(jnp.cos(X)))


@claim("jax.jacobian is an alias that calls jacrev.")
def jacobian():
    assert jnp.allclose(jax.jacobian(f)(X), jax.jacrev(f)(X))
