import tdm


def test_sensitivity_shape():
    sens = tdm.main()
    assert sens.shape == (2, 6)
