import attention


def test_reconstruction_improves():
    assert attention.main(iters=1) < 10.0
