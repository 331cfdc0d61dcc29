"""Estimate absorption, elimination and volume from a small oral-dose study."""
import jax
import jax.numpy as jnp

from losses import LOSSES
from pk import concentration

CONFIG = {
    "loss": "log_normal",
    "lr": 0.05,
    "iters": 300,
    "times_h": [0.25, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 24.0],
    "doses_mg": [100.0, 100.0, 200.0, 200.0, 400.0, 400.0, 400.0, 800.0],
}


def study(cfg, key):
    t = jnp.array(cfg["times_h"])
    dose = jnp.array(cfg["doses_mg"])
    true = jnp.log(jnp.array([1.2, 0.15, 35.0]))
    conc = concentration(true, dose, t)
    noise = jnp.exp(0.1 * jax.random.normal(key, conc.shape))
    return dose, t, conc * noise


def make_objective(cfg):
    residual_model = LOSSES[cfg["loss"]]

    def objective(log_theta, dose, t, obs):
        return residual_model(concentration(log_theta, dose, t), obs)

    return objective


def fit(cfg, dose, t, obs):
    objective = make_objective(cfg)
    grad_fn = jax.jit(jax.grad(objective))
    log_theta = jnp.log(jnp.array([0.8, 0.1, 50.0]))
    for _ in range(cfg["iters"]):
        log_theta = log_theta - cfg["lr"] * grad_fn(log_theta, dose, t, obs)
    return jnp.exp(log_theta)


def main():
    dose, t, obs = study(CONFIG, jax.random.key(7))
    ka, ke, vd = fit(CONFIG, dose, t, obs)
    print(f"ka={ka:.3f}/h ke={ke:.3f}/h V={vd:.1f} L")


if __name__ == "__main__":
    main()
