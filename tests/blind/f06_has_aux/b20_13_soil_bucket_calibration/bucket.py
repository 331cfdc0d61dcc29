"""Single-bucket soil moisture model driven by daily rain and potential evaporation."""
import jax
import jax.numpy as jnp


def simulate(params, rain, pet, s0=60.0):
    capacity = jnp.exp(params["log_capacity"])
    k_drain = jax.nn.sigmoid(params["logit_drain"])

    def day(s, forcing):
        p, e = forcing
        s = s + p
        overflow = jax.nn.softplus(s - capacity)
        s = s - overflow
        et = e * s / capacity
        drainage = k_drain * s
        s = s - et - drainage
        return s, overflow + drainage

    _, runoff = jax.lax.scan(day, jnp.float32(s0), (rain, pet))
    return runoff


def streamflow_loss(params, batch):
    """Mean squared error of daily runoff, plus the Nash-Sutcliffe efficiency as a metric."""
    q_sim = simulate(params, batch["rain"], batch["pet"])
    err = q_sim - batch["q_obs"]
    mse = jnp.mean(err ** 2)
    nse = 1.0 - jnp.sum(err ** 2) / jnp.sum((batch["q_obs"] - batch["q_obs"].mean()) ** 2)
    return mse, {"nse": nse}
