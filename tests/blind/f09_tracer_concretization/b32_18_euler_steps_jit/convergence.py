"""Convergence study: error of explicit Euler for y' = -2y, y(0) = 1, at t = 1."""
import jax.numpy as jnp

from integrators import make_euler

LAMBDA = -2.0


def rhs(y):
    return LAMBDA * y


euler = make_euler(rhs)


def main():
    exact = jnp.exp(LAMBDA * 1.0)
    errors = []
    for n in (10, 20, 40, 80):
        approx = euler(jnp.array(1.0), 1.0, n)
        errors.append(abs(float(approx - exact)))
        print(f"n = {n:3d}   error = {errors[-1]:.2e}")
    print("observed order:", [round(jnp.log2(a / b).item(), 2) for a, b in zip(errors, errors[1:])])
    return errors


if __name__ == "__main__":
    main()
