import sgd


def test_sgd_converges():
    assert sgd.main() < 0.1
