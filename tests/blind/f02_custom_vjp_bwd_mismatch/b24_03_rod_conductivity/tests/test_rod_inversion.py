import jax.numpy as jnp

import invert


def test_inversion_lowers_misfit():
    u0 = invert.initial_temperature()
    readings = invert.simulate(invert.true_conductivity(), u0, invert.N_STEPS)[:, invert.SENSORS]
    start = invert.misfit(jnp.full(invert.N_CELLS - 1, jnp.log(0.01)), u0, readings)
    _, loss = invert.invert(readings, u0, iters=10)
    assert loss < start
