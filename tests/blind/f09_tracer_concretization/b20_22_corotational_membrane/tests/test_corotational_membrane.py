import relax


def test_relaxation_lowers_energy():
    e0, e1 = relax.main(iterations=50)
    assert e1 < e0
