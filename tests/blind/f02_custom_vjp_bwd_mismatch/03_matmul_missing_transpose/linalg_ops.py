"""Matrix product with a hand-written VJP (saves only the operands)."""

import jax


@jax.custom_vjp
def matmul(a, b):
    return a @ b


def _fwd(a, b):
    return a @ b, (a, b)


def _bwd(res, ct):
    a, b = res
    return ct @ b.T, ct.T @ a


matmul.defvjp(_fwd, _bwd)
