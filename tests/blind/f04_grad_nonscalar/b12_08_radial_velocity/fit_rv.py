"""Maximum-likelihood fit of RV data, with the noise model chosen in the config."""
import functools

import jax
import jax.numpy as jnp

from rvfit.kepler import radial_velocity
from rvfit.likelihoods import LIKELIHOODS

CONFIG = {"noise": "jitter", "steps": 300, "lr": 5e-6}


def objective(params, t, rv, sigma, noise):
    resid = rv - radial_velocity(params["theta"], t)
    return LIKELIHOODS[noise](resid, sigma, params["log_jitter"])


def simulate(key):
    t = jnp.sort(jax.random.uniform(key, (40,), minval=0.0, maxval=60.0))
    truth = jnp.array([12.0, jnp.log(9.3), 0.4, 0.02, -0.05, 1.5])
    sigma = jnp.full(t.shape, 2.0)
    rv = radial_velocity(truth, t) + 2.5 * jax.random.normal(jax.random.PRNGKey(1), t.shape)
    return t, rv, sigma


def fit(config=CONFIG):
    t, rv, sigma = simulate(jax.random.PRNGKey(0))
    params = {"theta": jnp.array([10.0, jnp.log(9.3), 0.3, 0.0, 0.0, 0.0]),
              "log_jitter": jnp.array(0.0)}
    loss = functools.partial(objective, t=t, rv=rv, sigma=sigma, noise=config["noise"])
    grad_fn = jax.jit(jax.grad(loss))
    start = loss(params)
    for _ in range(config["steps"]):
        grads = grad_fn(params)
        params = jax.tree.map(lambda p, g: p - config["lr"] * g, params, grads)
    return params, jnp.sum(start), jnp.sum(loss(params))


def main():
    params, start, end = fit()
    print("nll", float(start), "->", float(end), "K =", float(params["theta"][0]))


if __name__ == "__main__":
    main()
