import saliency


def test_saliency_per_step():
    sal = saliency.main()
    assert sal.shape == (saliency.T,)
