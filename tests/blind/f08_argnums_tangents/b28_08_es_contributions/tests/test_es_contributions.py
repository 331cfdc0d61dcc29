import jax.numpy as jnp

from risk_report import POSITIONS, es_contributions


def test_contributions_add_up_to_es():
    notionals = jnp.array(list(POSITIONS.values()), jnp.float32)
    es, contrib = es_contributions(notionals)
    assert jnp.allclose(jnp.sum(contrib * notionals), es, rtol=1e-3)
