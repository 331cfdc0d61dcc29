"""Track a simulated aircraft from noisy radar returns."""

import jax
import jax.numpy as jnp

from ekf import ExtendedKalmanFilter
from models import FILTER_SETTINGS, make_models


def simulate(f, h, key, n, settings):
    x = jnp.array([50.0, 20.0, -2.0, 1.0])
    states, obs = [], []
    noise = jnp.array([settings["range_noise"], settings["bearing_noise"]])
    for i in range(n):
        x = f(x)
        states.append(x)
        obs.append(h(x) + noise * jax.random.normal(jax.random.fold_in(key, i), (2,)))
    return jnp.stack(states), jnp.stack(obs)


def main(settings=FILTER_SETTINGS, n=30):
    f, h = make_models(settings)
    truth, obs = simulate(f, h, jax.random.PRNGKey(0), n, settings)
    q = settings["process_noise"] * jnp.eye(4)
    r = jnp.diag(jnp.array([settings["range_noise"], settings["bearing_noise"]]) ** 2)
    ekf = ExtendedKalmanFilter(f, h, q, r, settings["jacobian_argnums"])
    x, p = jnp.array([45.0, 25.0, 0.0, 0.0]), 10.0 * jnp.eye(4)
    for z in obs:
        x, p = ekf.predict(x, p)
        x, p = ekf.update(x, p, z)
    err = float(jnp.linalg.norm(x[:2] - truth[-1, :2]))
    print("final position error:", err)
    return err


if __name__ == "__main__":
    main()
