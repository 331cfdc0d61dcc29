"""Expected-shortfall contributions per position (Euler allocation via a VJP)."""
import jax
import jax.numpy as jnp

from scenario_utils import historical_scenarios, tail_weights

ALPHA = 0.975
POSITIONS = {"EQ_EU": 4.0e6, "EQ_US": 6.0e6, "RATES_10Y": 3.0e6, "FX_JPY": 1.5e6, "CREDIT_IG": 2.5e6}

returns = historical_scenarios(2000, len(POSITIONS))


def portfolio_pnl(notionals):
    return returns @ notionals


def es_contributions(notionals):
    pnl, pullback = jax.vjp(portfolio_pnl, notionals)
    w = tail_weights(pnl, ALPHA)
    (contrib,) = pullback(-w)
    return -jnp.sum(w * pnl), contrib


def main():
    notionals = jnp.array(list(POSITIONS.values()), jnp.float32)
    es, contrib = es_contributions(notionals)
    print(f"ES {ALPHA:.1%}: {float(es):,.0f}")
    for name, c in zip(POSITIONS, contrib * notionals):
        print(f"  {name:10s} {float(c):>14,.0f}")
    return es, contrib


if __name__ == "__main__":
    main()
