"""Local sensitivity of the biomass trajectory to the three crop parameters."""
import jax
import jax.numpy as jnp

from crop import season_biomass

PARAMS = jnp.array([2.8, 0.2, 2.0])
PARAM_NAMES = ("rue", "n_supply", "n_demand")


def synthetic_weather(key, days=140):
    t = jnp.arange(days, dtype=jnp.float32)
    radiation = 18.0 + 6.0 * jnp.sin(jnp.pi * t / days)
    moisture = 0.26 - 0.1 * t / days + 0.03 * jax.random.normal(key, (days,))
    return radiation, moisture


def trajectory_sensitivity(params, weather):
    jac = jax.jacfwd(season_biomass)(params, weather)
    return jac * params[None, :] / season_biomass(params, weather)[:, None]


def main():
    weather = synthetic_weather(jax.random.key(0))
    elasticity = trajectory_sensitivity(PARAMS, weather)
    for name, e in zip(PARAM_NAMES, elasticity[-1]):
        print(f"elasticity of final biomass to {name}: {e:+.3f}")
    return elasticity


if __name__ == "__main__":
    main()
