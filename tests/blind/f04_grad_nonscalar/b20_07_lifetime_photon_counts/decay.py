"""Mono-exponential fluorescence decay fitted to TCSPC histograms."""
import jax
import jax.numpy as jnp

import likelihood

BIN_WIDTH = 0.05  # ns
N_BINS = 200


class DecayModel:
    def __init__(self, n_bins=N_BINS, bin_width=BIN_WIDTH):
        self.t = (jnp.arange(n_bins) + 0.5) * bin_width

    def rate(self, params):
        amp, tau, bg = jnp.exp(params["log_amp"]), jnp.exp(params["log_tau"]), jnp.exp(params["log_bg"])
        return amp * jnp.exp(-self.t / tau) + bg

    def objective(self, params, histograms):
        nll = likelihood.poisson_nll(histograms, self.rate(params))
        return nll + likelihood.gaussian_prior(params["log_bg"], jnp.log(2.0), 1.0)


def fitter(model, lr=1e-5):
    @jax.jit
    def update(params, histograms):
        grads = jax.grad(model.objective)(params, histograms)
        return jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return update
