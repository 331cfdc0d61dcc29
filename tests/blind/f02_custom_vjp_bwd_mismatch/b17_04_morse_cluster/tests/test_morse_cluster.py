import jax
import jax.numpy as jnp

import fit_morse
from potentials import MorseParams


def test_update_returns_params():
    pos, energies = fit_morse.dataset(jax.random.PRNGKey(1), n_clusters=3)
    p = MorseParams(jnp.array(1.0), jnp.array(1.0), jnp.array(1.0))
    assert isinstance(fit_morse.update(p, pos, energies), MorseParams)
