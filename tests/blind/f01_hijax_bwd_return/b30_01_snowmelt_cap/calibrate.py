"""Calibrate the degree-day factor against observed melt runoff."""
import jax
import jax.numpy as jnp

from model import Forcing, loss


def synthetic_forcing(key, days=120):
    k1, k2 = jax.random.split(key)
    season = jnp.linspace(-8.0, 14.0, days)
    temperature = season + 3.0 * jax.random.normal(k1, (days,))
    precipitation = 4.0 * jax.random.exponential(k2, (days,))
    return Forcing(temperature, precipitation)


def calibrate(steps=20, lr=1e-3):
    forcing = synthetic_forcing(jax.random.PRNGKey(0))
    truth = {"ddf": jnp.array(3.2), "t_melt": jnp.array(0.5)}
    from model import simulate
    observed = simulate(truth, forcing)
    params = {"ddf": jnp.array(2.0), "t_melt": jnp.array(0.0)}
    step = jax.jit(jax.value_and_grad(loss))
    for _ in range(steps):
        value, grads = step(params, forcing, observed)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, value


def main():
    params, value = calibrate()
    print("ddf", float(params["ddf"]), "t_melt", float(params["t_melt"]), "loss", float(value))


if __name__ == "__main__":
    main()
