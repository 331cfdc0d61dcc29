"""Acceptance rules for single-spin-flip Monte Carlo."""
import jax
import jax.numpy as jnp


class MetropolisRule:
    name = "metropolis"

    def accept(self, log_ratio, key):
        u = jax.random.uniform(key)
        return jnp.log(u) < log_ratio


class GlauberRule:
    name = "glauber"

    def accept(self, log_ratio, key):
        u = jax.random.uniform(key)
        return u < jax.nn.sigmoid(log_ratio)


RULES = {"metropolis": MetropolisRule, "glauber": GlauberRule}
