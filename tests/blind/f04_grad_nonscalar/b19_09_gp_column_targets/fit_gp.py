"""Type-II maximum likelihood for the soil-moisture GP."""

import jax
import jax.numpy as jnp

from data import split_features_target, survey_table
from gp import ExactGP


def main(steps=25, lr=0.05):
    inputs, target = split_features_target(survey_table())
    model = ExactGP(inputs, target)
    hyper = {"log_lengthscale": jnp.float32(0.0), "log_variance": jnp.float32(0.0), "log_noise": jnp.float32(-2.0)}
    objective = jax.jit(jax.value_and_grad(model.neg_log_marginal))
    for _ in range(steps):
        nll, grads = objective(hyper)
        hyper = {k: v - lr * grads[k] for k, v in hyper.items()}
    print("nll:", float(nll), {k: round(float(v), 3) for k, v in hyper.items()})
    return float(nll)


if __name__ == "__main__":
    main()
