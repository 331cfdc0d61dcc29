"""Tune the inflation of a forecast ensemble so its spread matches the observed error."""

import jax
import jax.numpy as jnp

from ensemble import winsorized_moments


def forecast(key, n_members=40, n_state=5):
    base = jnp.sin(jnp.linspace(0.0, 3.0, n_state))
    members = base + 0.3 * jax.random.normal(key, (n_members, n_state))
    return members.at[0].add(25.0)  # one diverged member


def spread_mismatch(log_inflation, members, obs, obs_var):
    mean = jnp.mean(members, axis=0)
    inflated = mean + jnp.exp(log_inflation) * (members - mean)
    mom = winsorized_moments(inflated)
    innovation = (obs - mom.mean) ** 2
    return jnp.mean((innovation - (mom.var + obs_var)) ** 2)


def tune(iters=25, lr=0.05):
    members = forecast(jax.random.key(8))
    obs = jnp.sin(jnp.linspace(0.0, 3.0, 5)) + 0.5
    log_inflation = jnp.array(0.0)
    grad_fn = jax.jit(jax.grad(spread_mismatch))
    for _ in range(iters):
        log_inflation = log_inflation - lr * grad_fn(log_inflation, members, obs, 0.04)
    return jnp.exp(log_inflation)


def main():
    print("inflation factor", float(tune()))


if __name__ == "__main__":
    main()
