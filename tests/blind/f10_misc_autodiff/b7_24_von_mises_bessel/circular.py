"""Maximum-likelihood von Mises fit to wind directions."""

import jax
import jax.numpy as jnp

from special import log_bessel_i0


def von_mises_nll(params, angles):
    mu = params["mu"]
    kappa = jax.nn.softplus(params["raw_kappa"])
    n = angles.shape[0]
    return -(kappa * jnp.sum(jnp.cos(angles - mu)) - n * (jnp.log(2 * jnp.pi) + log_bessel_i0(kappa))) / n


def fit(angles, steps=60, lr=0.5):
    params = {"mu": jnp.array(0.0), "raw_kappa": jnp.array(0.0)}
    value_and_grad = jax.value_and_grad(von_mises_nll)
    for _ in range(steps):
        nll, grads = value_and_grad(params, angles)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    kappa = float(jax.nn.softplus(params["raw_kappa"]))
    print("mu", float(params["mu"]), "kappa", kappa, "nll", float(nll))
    return float(params["mu"]), kappa


def main():
    angles = 1.2 + 0.4 * jax.random.normal(jax.random.key(0), (500,))
    return fit(angles)


if __name__ == "__main__":
    main()
