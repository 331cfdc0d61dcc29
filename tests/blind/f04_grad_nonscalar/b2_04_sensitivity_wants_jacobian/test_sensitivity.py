import sensitivity


def test_sensitivity_matrix_shape():
    assert sensitivity.main().shape == (2, 3)
