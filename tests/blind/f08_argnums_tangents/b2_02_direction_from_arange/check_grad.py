"""Compare forward-mode directional derivatives with finite differences."""

import jax
import jax.numpy as jnp

from probes import basis_direction, ramp_direction


def rosenbrock(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1.0 - x[:-1]) ** 2)


def directional_check(f, x, directions, eps=1e-3):
    errors = []
    for v in directions:
        _, dfdv = jax.jvp(f, (x,), (v,))
        fd = (f(x + eps * v) - f(x - eps * v)) / (2 * eps)
        errors.append(float(jnp.abs(dfdv - fd) / (jnp.abs(fd) + 1e-6)))
    return max(errors)


def main():
    x = jnp.array([0.5, 1.2, -0.3, 0.8])
    err = directional_check(rosenbrock, x, [basis_direction(4, 0), basis_direction(4, 2), ramp_direction(4)])
    print("max relative error", err)
    return err


if __name__ == "__main__":
    main()
