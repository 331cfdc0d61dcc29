"""Fit the production model to a catch and survey-index history."""
import jax
import jax.numpy as jnp

from model import biomass_series, neg_log_likelihood
from params import initial_params

CATCHES = jnp.array([210., 260., 320., 380., 420., 450., 430., 400., 360., 330.,
                     300., 290., 280., 300., 310., 320., 300., 280., 260., 250.])


def survey_index(key):
    truth = {"log_r": jnp.log(0.35), "log_k": jnp.log(4500.0),
             "b0": jnp.float32(3500.0), "log_q": jnp.log(1.2e-4)}
    clean = jnp.exp(truth["log_q"]) * biomass_series(truth, CATCHES)
    return clean * jnp.exp(0.1 * jax.random.normal(key, clean.shape))


def fit(cpue, iters=500, lr=1e-3):
    params = initial_params()
    step_sizes = {"log_r": lr, "log_k": lr, "b0": 1e4 * lr, "log_q": lr}
    grad_fn = jax.jit(jax.grad(neg_log_likelihood))
    for _ in range(iters):
        grads = grad_fn(params, CATCHES, cpue)
        params = {k: params[k] - step_sizes[k] * grads[k] for k in params}
    return params


def main():
    params = fit(survey_index(jax.random.key(3)))
    print("r=%.3f K=%.0f B0=%.0f" % (jnp.exp(params["log_r"]), jnp.exp(params["log_k"]), params["b0"]))
    print("NLL", neg_log_likelihood(params, CATCHES, survey_index(jax.random.key(3))))


if __name__ == "__main__":
    main()
