import vqe


def test_reaches_ground_state():
    energy, exact = vqe.main()
    assert abs(energy - exact) < 1e-3
