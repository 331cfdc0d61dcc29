"""Minimum-CVaR allocation across five asset classes from simulated monthly returns."""
import jax
import jax.numpy as jnp

from risk import cvar_objective, project_to_simplex

MEANS = jnp.array([0.006, 0.004, 0.008, 0.002, 0.005])
VOLS = jnp.array([0.045, 0.02, 0.06, 0.005, 0.035])


def scenarios(n=4000):
    z = jax.random.t(jax.random.key(5), df=4.0, shape=(n, MEANS.shape[0]))
    return MEANS + VOLS * z


@jax.jit
def step(weights, threshold, returns, lr=0.05):
    g_w, g_t = jax.grad(cvar_objective, argnums=(0, 1))(weights, threshold, returns)
    return project_to_simplex(weights - lr * g_w), threshold - lr * g_t


def main(iterations=300):
    returns = scenarios()
    weights = jnp.full(MEANS.shape, 1.0 / MEANS.shape[0])
    threshold = jnp.float32(0.0)
    for _ in range(iterations):
        weights, threshold = step(weights, threshold, returns)
    cvar = float(cvar_objective(weights, threshold, returns).squeeze())
    print("weights", [round(float(w), 3) for w in weights], f"CVaR95={cvar:.4f}")
    return weights


if __name__ == "__main__":
    main()
