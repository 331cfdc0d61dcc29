"""Tail-risk measures of scenario P&L."""
import jax
import jax.numpy as jnp


def cvar(book, price_now, scenarios, alpha=0.95):
    """Conditional value at risk of the one-period loss, smoothed for gradients."""
    pnl = book.value(scenarios) - book.value(price_now)
    losses = -pnl
    var = jnp.quantile(losses, alpha)
    return var + jnp.mean(jax.nn.softplus(losses - var)) / (1.0 - alpha)


def expected_shortfall_grad(book, price_now, scenarios, alpha=0.95):
    """Marginal contribution of each position to the tail risk."""
    return jax.grad(cvar)(book, price_now, scenarios, alpha)
