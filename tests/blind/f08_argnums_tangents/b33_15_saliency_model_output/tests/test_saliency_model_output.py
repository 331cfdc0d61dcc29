from report import main


def test_saliency_shape():
    assert main().shape == (5, 6)
