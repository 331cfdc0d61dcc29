import analysis


def test_jacobian_shape():
    assert analysis.main().shape == (12, 2)
