import functools

import jax
import jax.numpy as jnp

from circuit import design_error


def tune(r, c, freqs, target, steps=30):
    objective = functools.partial(design_error, freqs=freqs, target=target)
    grad_rc = jax.grad(objective, argnums=(1, 2))
    for _ in range(steps):
        dr, dc = grad_rc(r, c)
        r, c = r - 1e3 * dr, c - 1e-9 * dc
    return r, c


def main():
    freqs = jnp.array([10.0, 100.0, 1000.0])
    target = jnp.array([1.0, 0.9, 0.3])
    r, c = tune(jnp.float32(1000.0), jnp.float32(1e-7), freqs, target)
    print(r, c)
    return r, c


if __name__ == "__main__":
    main()
