"""Operations on symmetric positive-definite matrices via their Cholesky factor."""
import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_solve


def trace_solve(L, B):
    """tr(K^{-1} B) for K = L L^T."""
    X = cho_solve((L, True), B)
    return jnp.trace(X)


@jax.custom_jvp
def logdet_spd(K):
    L = jnp.linalg.cholesky(K)
    return 2.0 * jnp.sum(jnp.log(jnp.diag(L)))


@logdet_spd.defjvp
def _logdet_spd_jvp(primals, tangents):
    (K,), (K_dot,) = primals, tangents
    L = jnp.linalg.cholesky(K)
    logdet = 2.0 * jnp.sum(jnp.log(jnp.diag(L)))
    return logdet, trace_solve(L, K_dot)


def quad_form(K, r):
    L = jnp.linalg.cholesky(K)
    return r @ cho_solve((L, True), r)
