import jax
import jax.numpy as jnp

from eis.circuit import misfit, randles
from eis.settings import FIT


def make_gradient(fn, options):
    return jax.jit(jax.grad(fn, **options))


def fit(omega, z_obs, settings=FIT):
    init = settings["initial"]
    log_params = jnp.log(jnp.array([init["r_s"], init["r_ct"], init["c_dl"], init["sigma"]]))
    grad_fn = make_gradient(misfit, settings["grad_options"])
    for _ in range(settings["iterations"]):
        log_params = log_params - settings["learning_rate"] * grad_fn(log_params, omega, z_obs)
    return log_params


def main(iterations=FIT["iterations"]):
    omega = 2 * jnp.pi * jnp.logspace(-1, 5, 40)
    truth = jnp.log(jnp.array([12.0, 80.0, 2e-5, 35.0]))
    z_obs = randles(truth, omega)
    log_params = fit(omega, z_obs, dict(FIT, iterations=iterations))
    print("fitted", jnp.exp(log_params), "misfit", float(misfit(log_params, omega, z_obs)))
    return log_params


if __name__ == "__main__":
    main()
