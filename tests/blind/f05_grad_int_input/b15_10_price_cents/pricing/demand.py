"""Multinomial-logit demand with an outside option."""
import jax
import jax.numpy as jnp


def choice_shares(prices, appeal, price_sensitivity):
    utilities = appeal - price_sensitivity * prices
    logits = jnp.concatenate([utilities, jnp.zeros(1)])
    return jax.nn.softmax(logits)[:-1]


def expected_profit(prices, unit_cost, appeal, price_sensitivity, market_size=1000.0):
    shares = choice_shares(prices, appeal, price_sensitivity)
    return market_size * jnp.sum(shares * (prices - unit_cost))
