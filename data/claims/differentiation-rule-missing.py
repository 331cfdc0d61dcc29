"""Claims of data/records/differentiation-rule-missing.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

C = jnp.array([[2.0, 0.5], [0.5, 1.0]])


@claim(
    "'schur' (jax.scipy.linalg.schur, and sqrtm and funm, which are computed from a Schur decomposition) and 'hessenberg' (jax.scipy.linalg.hessenberg)"
)
def which_primitives():
    with raises(NotImplementedError, "Differentiation rule for 'schur' not implemented"):
        jax.grad(lambda c: jnp.real(jax.scipy.linalg.sqrtm(c)).sum())(C)
    with raises(NotImplementedError, "Differentiation rule for 'hessenberg' not implemented"):
        jax.grad(lambda c: jax.scipy.linalg.hessenberg(c).sum())(C)


@claim("compute the square root from `jnp.linalg.eigh`, which has a derivative rule")
def eigh_sqrt():
    def sqrtm(c):
        w, v = jnp.linalg.eigh(c)
        return (v * jnp.sqrt(jnp.clip(w, 0.0))) @ v.T

    root = sqrtm(C)
    assert jnp.allclose(root @ root, C, atol=1e-5)
    assert jnp.isfinite(jax.grad(lambda c: sqrtm(c).sum())(C)).all()


@claim("apply `jax.lax.stop_gradient` to its input")
def stop_gradient_avoids_rule():
    jax.grad(lambda c: (c * jnp.real(jax.scipy.linalg.sqrtm(jax.lax.stop_gradient(c)))).sum())(C)
