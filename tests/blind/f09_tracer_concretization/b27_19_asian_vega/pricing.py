"""Monte Carlo pricing of Asian calls under geometric Brownian motion."""
import jax
import jax.numpy as jnp


def fixing_times(contract):
    return jnp.linspace(0.0, contract.maturity, contract.n_fixings + 1)[1:]


def mc_price(contract, sigma, key, n_paths=20000):
    t = fixing_times(contract)
    dt = jnp.diff(t, prepend=0.0)
    z = jax.random.normal(key, (n_paths, t.shape[0]))
    increments = (contract.rate - 0.5 * sigma ** 2) * dt + sigma * jnp.sqrt(dt) * z
    paths = contract.spot * jnp.exp(jnp.cumsum(increments, axis=1))
    payoff = jnp.maximum(paths.mean(axis=1) - contract.strike, 0.0)
    return jnp.exp(-contract.rate * contract.maturity) * payoff.mean()
