"""Temperature-smoothed maximum with a numerically stable backward rule."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_max_value(q, tau):
    """tau * logsumexp(q / tau): the soft state value of action values q."""
    return tau * jax.nn.logsumexp(q / tau)


def _soft_max_fwd(q, tau):
    lse = jax.nn.logsumexp(q / tau)
    probs = jax.nn.softmax(q / tau)
    return tau * lse, (q, tau, lse, probs)


def _soft_max_bwd(res, g):
    q, tau, lse, probs = res
    ct_q = g * probs
    ct_tau = g * (lse - probs * q / tau)
    return ct_q, ct_tau


soft_max_value.defvjp(_soft_max_fwd, _soft_max_bwd)
