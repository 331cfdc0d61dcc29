import attribution


def test_third_feature_unused():
    attr = attribution.main()
    assert float(abs(attr[:, 2]).max()) == 0.0
