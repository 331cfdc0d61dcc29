import math

import morse


def test_minimised_energy_is_finite():
    assert math.isfinite(morse.minimise(n_atoms=4, steps=5))
