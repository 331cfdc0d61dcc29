"""Maximum-likelihood concentration of a von Mises distribution over wind directions."""

import jax
import jax.numpy as jnp

from special import log_i0


def neg_log_likelihood(log_kappa, angles, mu):
    kappa = jnp.exp(log_kappa)
    return -jnp.mean(kappa * jnp.cos(angles - mu) - jnp.log(2 * jnp.pi) - log_i0(kappa))


def main(iters=50):
    angles = 0.3 + 0.5 * jax.random.normal(jax.random.key(13), (200,))
    mu = jnp.arctan2(jnp.mean(jnp.sin(angles)), jnp.mean(jnp.cos(angles)))
    log_kappa = jnp.array(0.0)
    for _ in range(iters):
        log_kappa = log_kappa - 0.5 * jax.grad(neg_log_likelihood)(log_kappa, angles, mu)
    kappa = float(jnp.exp(log_kappa))
    print("kappa", kappa)
    return kappa


if __name__ == "__main__":
    main()
