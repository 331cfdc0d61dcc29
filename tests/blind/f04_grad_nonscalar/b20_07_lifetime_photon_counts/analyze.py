"""Estimate the fluorescence lifetime of a dye from 16 repeated acquisitions."""
import jax
import jax.numpy as jnp

from decay import DecayModel, fitter


def simulate(model, n_frames=16):
    truth = {"log_amp": jnp.log(120.0), "log_tau": jnp.log(3.2), "log_bg": jnp.log(2.0)}
    lam = model.rate(truth)
    return jax.random.poisson(jax.random.key(11), lam, (n_frames, lam.shape[0])).astype(jnp.float32)


def main(iterations=300):
    model = DecayModel()
    histograms = simulate(model)
    params = {"log_amp": jnp.log(80.0), "log_tau": jnp.log(2.0), "log_bg": jnp.log(1.0)}
    update = fitter(model)
    for _ in range(iterations):
        params = update(params, histograms)
    tau = float(jnp.exp(params["log_tau"]))
    print(f"lifetime = {tau:.2f} ns")
    return tau


if __name__ == "__main__":
    main()
