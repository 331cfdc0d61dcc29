import saliency


def test_saliency_shape():
    assert saliency.main().shape == (10, 3)
