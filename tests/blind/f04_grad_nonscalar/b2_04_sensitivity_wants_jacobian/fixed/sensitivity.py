"""Local sensitivity of the steady state to each rate constant."""

import jax
import jax.numpy as jnp

from reactor import steady_state


def sensitivities(rates, feed):
    dss = jax.jacrev(steady_state)(rates, feed)
    return dss * rates / steady_state(rates, feed)[:, None]


def main():
    rates = jnp.array([0.8, 0.5, 0.2])
    s = sensitivities(rates, 2.0)
    print("normalised sensitivities\n", s)
    return s


if __name__ == "__main__":
    main()
