"""Jacobian-free Newton-Krylov solve for the steady state."""
import jax
import jax.numpy as jnp
from jax.scipy.sparse.linalg import gmres

from model import residual
from state import pack, unpack


def newton_krylov(state, h, iters=8):
    n = state["u"].shape[0]
    for _ in range(iters):
        r, jvp_fn = jax.linearize(lambda s: residual(s, h), state)
        matvec = lambda dv: pack(jvp_fn(unpack(dv, n)))
        delta, _ = gmres(matvec, -pack(r), tol=1e-8, restart=40)
        step = unpack(delta, n)
        state = {"u": state["u"] + step["u"], "v": state["v"] + step["v"]}
    return state, jnp.linalg.norm(pack(residual(state, h)))


def main():
    n = 30
    h = 1.0 / (n + 1)
    state = {"u": jnp.full(n, 0.1), "v": jnp.ones(n)}
    state, res = newton_krylov(state, h)
    print("residual norm", float(res), "u max", float(state["u"].max()))


if __name__ == "__main__":
    main()
