from analysis import main


def test_saliency_per_feature():
    sal = main()
    assert sal.shape == (4,)
