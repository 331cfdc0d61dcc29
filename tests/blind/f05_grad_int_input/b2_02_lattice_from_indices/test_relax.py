import relax


def test_relaxation_lowers_energy():
    assert relax.main(steps=20) < 100.0
