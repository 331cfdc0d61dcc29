"""Draw posterior samples for the school effects."""

import jax
import jax.numpy as jnp

from hmc import Position, hmc_step
from model import EFFECTS, STDERR


@jax.jit
def run_chain(q0, key, data):
    def body(q, k):
        q, accepted = hmc_step(q, k, data)
        return q, (q.mu, jnp.exp(q.log_tau), accepted)

    _, (mus, taus, accepted) = jax.lax.scan(body, q0, jax.random.split(key, 300))
    return mus, taus, accepted


def main():
    q0 = Position(jnp.array(0.0), jnp.array(0.0), jnp.zeros(8))
    mus, taus, accepted = run_chain(q0, jax.random.key(0), (EFFECTS, STDERR))
    print("posterior mean mu", mus[100:].mean(), "tau", taus[100:].mean(), "acceptance", accepted.mean())
    return mus, accepted


if __name__ == "__main__":
    main()
