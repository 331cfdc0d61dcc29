"""Expected log growth of a long-only portfolio over return scenarios."""
import jax
import jax.numpy as jnp

from portfolio.ops import floored_log


def weights(logits):
    return jax.nn.softmax(logits)


def expected_log_growth(logits, scenarios, floor=1e-6):
    wealth = 1.0 + scenarios @ weights(logits)
    return jnp.mean(floored_log(wealth, jnp.asarray(floor)))
