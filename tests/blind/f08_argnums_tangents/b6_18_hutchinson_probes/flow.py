"""Log-density change along a continuous normalising flow, with a cheap divergence."""

import jax
import jax.numpy as jnp

from estimators import hutchinson_divergence, rademacher_probes


def velocity_field(params):
    def field(x):
        return jnp.tanh(x @ params["w1"] + params["b1"]) @ params["w2"]

    return field


def log_det_change(params, x, key, t1=1.0, n_steps=10, n_probes=8):
    dt = t1 / n_steps
    total = 0.0
    for step_key in jax.random.split(key, n_steps):
        field = velocity_field(params)
        probes = rademacher_probes(step_key, n_probes, x.shape[0])
        total = total + dt * hutchinson_divergence(field, x, probes)
        x = x + dt * field(x)
    return x, total


def main():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    params = {"w1": jax.random.normal(k1, (4, 16)) * 0.5, "b1": jnp.zeros(16), "w2": jax.random.normal(k2, (16, 4)) * 0.5}
    z, dlogp = log_det_change(params, jnp.array([0.3, -0.2, 0.5, 0.1]), k3)
    print("z", z, "log-det change", float(dlogp))
    return float(dlogp)


if __name__ == "__main__":
    main()
