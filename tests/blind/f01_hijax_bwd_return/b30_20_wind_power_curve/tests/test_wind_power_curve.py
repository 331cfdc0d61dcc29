import jax
import jax.numpy as jnp

from farm import fit_shear, synthetic_scada


def test_shear_fit_runs():
    mast, scada = synthetic_scada(jax.random.PRNGKey(1), n=50)
    alpha, value = fit_shear(mast, scada, steps=2)
    assert jnp.isfinite(alpha)
