"""Steady state of a two-gene activator-repressor circuit and its fit to expression data."""
import jax
import jax.numpy as jnp

from solver import fixed_point


def hill_update(params, relax=0.5):
    basal, vmax, k, n = params[0], params[1], params[2], 2.0

    def update(x):
        a, r = x
        a_new = basal + vmax * a**n / (k**n + a**n) / (1.0 + r)
        r_new = basal + vmax * a**n / (k**n + a**n)
        return (1 - relax) * x + relax * jnp.stack([a_new, r_new])

    return update


def steady_state(params):
    return fixed_point(hill_update(params), jnp.array([0.5, 0.5]))


def misfit(params, observed):
    return jnp.sum((steady_state(params) - observed) ** 2)


def main():
    observed = jnp.array([0.9, 1.1])
    params = jnp.array([0.1, 2.0, 1.0])
    for _ in range(5):
        params = params - 0.1 * jax.grad(misfit)(params, observed)
    print("params", params, "steady", steady_state(params))


if __name__ == "__main__":
    main()
