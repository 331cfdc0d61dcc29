"""Newton's method for the minimum of a smooth function."""

import jax


def newton_minimize(f, x0, iters=8):
    g = jax.grad(f)
    h = jax.hessian(f)
    x = x0
    for _ in range(iters):
        slope = g(x)
        x = x - jax.numpy.linalg.solve(h(x), slope)
    return x
