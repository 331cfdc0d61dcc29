"""Fit the PK parameters of one subject with plain gradient descent."""

import jax
import jax.numpy as jnp

from pk_model import concentration, init_params, log_residual_loss
from settings import STUDY


class SubjectFitter:
    def __init__(self, study):
        self.study = study
        self.t = jnp.asarray(study["sampling_hours"])
        self.dose = study["dose_mg"]
        self._step = jax.jit(self._sgd_step)

    def _sgd_step(self, params, observed):
        loss, grads = jax.value_and_grad(log_residual_loss)(params, self.t, self.dose, observed)
        lr = self.study["optimizer"]["lr"]
        return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss

    def fit(self, observed):
        params = init_params(self.study["initial_params"])
        for _ in range(self.study["optimizer"]["steps"]):
            params, loss = self._step(params, observed)
        return params, float(loss)


def main():
    truth = {"log_ka": jnp.log(1.5), "log_ke": jnp.log(0.08), "log_v": jnp.log(30.0)}
    fitter = SubjectFitter(STUDY)
    observed = concentration(truth, fitter.t, fitter.dose)
    params, loss = fitter.fit(observed)
    print("loss:", loss, {k: round(float(v), 3) for k, v in params.items()})
    return loss


if __name__ == "__main__":
    main()
