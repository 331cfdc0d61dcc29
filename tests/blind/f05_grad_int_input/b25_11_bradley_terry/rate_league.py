"""Rate the players of a small league from its match results."""

import jax
import jax.numpy as jnp

from ladder import BradleyTerry

SETTINGS = {"init": "rank", "prior_scale": 3.0, "lr": 0.01}
N_PLAYERS = 10


def simulate_matches(key, n_matches=300):
    true = jnp.linspace(-1.5, 1.5, N_PLAYERS)
    k1, k2, k3 = jax.random.split(key, 3)
    a = jax.random.randint(k1, (n_matches,), 0, N_PLAYERS)
    b = (a + jax.random.randint(k2, (n_matches,), 1, N_PLAYERS)) % N_PLAYERS
    a_wins = jax.random.bernoulli(k3, jax.nn.sigmoid(true[a] - true[b]))
    return jnp.where(a_wins, a, b), jnp.where(a_wins, b, a)


def main(n_iter=50):
    winners, losers = simulate_matches(jax.random.key(4))
    model = BradleyTerry(N_PLAYERS, SETTINGS)
    strength, ll = model.fit(winners, losers, n_iter=n_iter)
    print("log-likelihood", float(ll))
    print("strengths", jnp.round(strength, 2))
    return ll


if __name__ == "__main__":
    main()
