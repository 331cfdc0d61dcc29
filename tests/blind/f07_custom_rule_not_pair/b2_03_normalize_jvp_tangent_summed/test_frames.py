import frames


def test_jacobian_shape():
    assert frames.main().shape == (3, 3, 4, 3)
