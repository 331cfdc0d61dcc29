"""Size the rate constants (via catalyst loading) of a three-tank cascade for a target conversion."""
import jax
import jax.numpy as jnp

from steady import C_FEED, steady_state

N_TANKS = 3
FLOW = 10.0          # L/min
TARGET_CONVERSION = 0.9
CATALYST_COST = 0.4  # per unit of rate constant


def conversion(k, q=FLOW):
    c0 = jnp.full((N_TANKS,), C_FEED / 2.0)
    c = steady_state(k, q, c0)
    return 1.0 - c[-1] / C_FEED


def design_objective(log_k):
    k = jnp.exp(log_k)
    shortfall = jnp.maximum(TARGET_CONVERSION - conversion(k), 0.0)
    return 1e3 * shortfall ** 2 + CATALYST_COST * jnp.sum(k)


def main(steps=100, lr=0.05):
    log_k = jnp.log(jnp.full((N_TANKS,), 0.05))
    value_and_grad = jax.jit(jax.value_and_grad(design_objective))
    for _ in range(steps):
        value, g = value_and_grad(log_k)
        log_k = log_k - lr * g
    print(f"k = {jnp.exp(log_k)}, conversion {float(conversion(jnp.exp(log_k))):.3f}")
    return value


if __name__ == "__main__":
    main()
