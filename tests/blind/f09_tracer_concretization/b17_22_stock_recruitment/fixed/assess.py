"""Fit productivity and carrying capacity to equilibrium catches from several fisheries."""
import jax
import jax.numpy as jnp

from population import equilibrium

SURVEY = {"n_years": 60, "lr": 1e-3, "iters": 25}


def catch_misfit(theta, harvest, observed_catch, n_years):
    stock = equilibrium(theta["log_r"], theta["log_k"], harvest, n_years)
    predicted = harvest * stock
    return jnp.mean((jnp.log(predicted) - jnp.log(observed_catch)) ** 2)


misfit_grad = jax.jit(jax.value_and_grad(catch_misfit), static_argnums=3)


def main():
    harvest = jnp.array([0.1, 0.2, 0.3, 0.4])
    truth = {"log_r": jnp.log(2.5), "log_k": jnp.log(1000.0)}
    observed = harvest * equilibrium(truth["log_r"], truth["log_k"], harvest, SURVEY["n_years"])
    theta = {"log_r": jnp.log(1.5), "log_k": jnp.log(600.0)}
    for _ in range(SURVEY["iters"]):
        value, g = misfit_grad(theta, harvest, observed, SURVEY["n_years"])
        theta = jax.tree.map(lambda p, d: p - SURVEY["lr"] * d, theta, g)
    print("misfit", value, "r", jnp.exp(theta["log_r"]))


if __name__ == "__main__":
    main()
