from saliency import main


def test_saliency_has_one_value_per_channel():
    assert main().shape == (4,)
