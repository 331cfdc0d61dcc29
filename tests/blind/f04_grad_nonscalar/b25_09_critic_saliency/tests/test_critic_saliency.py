import explain


def test_saliency_per_feature():
    sal = explain.main()
    assert sal.shape == (len(explain.FEATURES),)
