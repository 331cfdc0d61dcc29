"""Fit a Langmuir isotherm (q_max, K) to CO2 uptake measured on a zeolite sample."""
import jax
import jax.numpy as jnp

from isotherm import coverage

PRESSURES = jnp.linspace(0.05, 5.0, 24)  # bar


def uptake(params, p):
    """Adsorbed amount in mmol/g."""
    return params["q_max"] * coverage(p, jnp.exp(params["log_k"]))


def loss(params, p, q_obs):
    r = uptake(params, p) - q_obs
    return jnp.mean(r * r)


@jax.jit
def step(params, p, q_obs):
    value, grads = jax.value_and_grad(loss)(params, p, q_obs)
    params = jax.tree.map(lambda w, g: w - 0.3 * g, params, grads)
    return value, params


def synthetic_data():
    truth = {"q_max": jnp.float32(4.2), "log_k": jnp.log(jnp.float32(1.7))}
    noise = 0.02 * jax.random.normal(jax.random.key(0), PRESSURES.shape)
    return uptake(truth, PRESSURES) + noise


def main():
    q_obs = synthetic_data()
    params = {"q_max": jnp.float32(3.0), "log_k": jnp.float32(0.0)}
    for it in range(200):
        value, params = step(params, PRESSURES, q_obs)
    print(f"mse={float(value):.5f} q_max={float(params['q_max']):.3f} "
          f"K={float(jnp.exp(params['log_k'])):.3f}")
    return params


if __name__ == "__main__":
    main()
