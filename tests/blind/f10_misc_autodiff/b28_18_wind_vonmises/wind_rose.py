# Fit a two-component von Mises mixture to hourly wind directions at a wind-farm mast.
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import logsumexp

from circstats import vonmises_logpdf

rng = np.random.default_rng(21)
DIRECTIONS = jnp.asarray(np.concatenate([
    rng.vonmises(np.deg2rad(240), 4.0, 600),   # prevailing south-westerlies
    rng.vonmises(np.deg2rad(60), 2.0, 200),    # north-easterly episodes
]), jnp.float32)


def unpack(raw):
    return {"logit": raw[0], "mu": raw[1:3], "kappa": jax.nn.softplus(raw[3:5])}


def neg_log_lik(raw, theta):
    p = unpack(raw)
    log_w = jnp.stack([jax.nn.log_sigmoid(p["logit"]), jax.nn.log_sigmoid(-p["logit"])])
    comp = vonmises_logpdf(theta[:, None], p["mu"], p["kappa"])
    return -jnp.mean(logsumexp(log_w + comp, axis=-1))


def main():
    raw = jnp.array([0.5, np.deg2rad(200.0), np.deg2rad(90.0), 1.0, 1.0], jnp.float32)
    for it in range(400):
        val, g = jax.value_and_grad(neg_log_lik)(raw, DIRECTIONS)
        raw = raw - 0.2 * g
    p = unpack(raw)
    print("weights", float(jax.nn.sigmoid(p["logit"])), "mean dirs (deg)",
          np.round(np.rad2deg(np.asarray(p["mu"])) % 360, 1), "kappa", np.asarray(p["kappa"]))
    return p


if __name__ == "__main__":
    main()
