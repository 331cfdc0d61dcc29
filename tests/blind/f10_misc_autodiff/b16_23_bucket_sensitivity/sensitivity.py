"""Local sensitivity of simulated runoff to the bucket parameters."""
import jax
import jax.numpy as jnp

from bucket import simulate


def forcing(key, n_days=120):
    k1, k2 = jax.random.split(key)
    wet = jax.random.bernoulli(k1, 0.3, (n_days,))
    rain = jnp.where(wet, jax.random.exponential(k2, (n_days,)) * 12.0, 0.0)
    pet = 3.0 + 1.5 * jnp.sin(jnp.arange(n_days) * 2 * jnp.pi / 365.0)
    return rain, pet


def runoff_jacobian(params, rain, pet):
    """d runoff[t] / d params[j] for every day t and parameter j."""
    return jax.jacfwd(simulate)(params, rain, pet)


def main():
    rain, pet = forcing(jax.random.PRNGKey(4))
    params = jnp.array([80.0, 0.05, 0.8])   # capacity (mm), baseflow rate (1/day), ET scale
    jac = runoff_jacobian(params, rain, pet)
    print("mean |sensitivity| per parameter:", jnp.abs(jac).mean(axis=0))


if __name__ == "__main__":
    main()
