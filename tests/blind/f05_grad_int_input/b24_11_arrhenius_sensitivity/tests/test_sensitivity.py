import jax.numpy as jnp

from conditions import EA, LOG_A, RESIDENCE_MIN, TEMPERATURES_K
from report import sensitivity_table


def test_conversion_rises_with_temperature():
    table = sensitivity_table((LOG_A, EA), TEMPERATURES_K, RESIDENCE_MIN)
    assert jnp.all(table[:, 2] >= 0.0)
    assert jnp.all(jnp.diff(table[:, 1]) > 0.0)
