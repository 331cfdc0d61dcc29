"""Exercise 7.2: Newton's method for F(x) = 0, with the Jacobian from jax.jacfwd."""
import jax
import jax.numpy as jnp

from systems import SYSTEMS

TOL = 1e-6
MAX_ITER = 20


def newton(F, x0, tol=TOL, max_iter=MAX_ITER):
    x = x0
    for k in range(max_iter):
        J = jax.jacfwd(F)(x)
        dx = jnp.linalg.solve(J, -F(x))
        x = x + dx
        print(f"  iter {k}: |dx| = {float(jnp.linalg.norm(dx)):.3e}")
        if jnp.linalg.norm(dx) < tol:
            break
    return x


def main():
    roots = {}
    for name, (F, x0) in SYSTEMS.items():
        print(name)
        roots[name] = newton(F, x0)
        print("  root:", roots[name], "residual:", F(roots[name]))
    return roots


if __name__ == "__main__":
    main()
