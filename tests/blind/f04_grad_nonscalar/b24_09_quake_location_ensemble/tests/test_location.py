import jax
import jax.numpy as jnp

import run
from velocity import sample_velocities


def test_epicentre_within_two_km():
    hypo = run.locate(run.synthetic_picks(jax.random.key(5)),
                      sample_velocities(jax.random.key(6), 16), steps=1500)
    assert jnp.linalg.norm(hypo[:2] - run.TRUE_HYPO[:2]) < 2.0
