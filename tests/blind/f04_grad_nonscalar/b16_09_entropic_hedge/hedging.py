"""A two-parameter delta policy and the entropic risk of the hedged position."""
import jax
import jax.numpy as jnp


def deltas(theta, paths, strike=100.0):
    """Hedge ratio held over each step, from the log-moneyness at its start."""
    m = jnp.log(paths[:, :-1] / strike)
    return jax.nn.sigmoid(theta[0] * m * 20.0 + theta[1])


def hedged_pnl(theta, paths, payoff, premium):
    gains = jnp.sum(deltas(theta, paths) * jnp.diff(paths, axis=1), axis=1)
    return premium + gains - payoff


def entropic_risk(pnl, risk_aversion=0.1):
    return jnp.log(jnp.mean(jnp.exp(-risk_aversion * pnl), axis=0)) / risk_aversion
