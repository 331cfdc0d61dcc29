from qat import main


def test_scales_stay_per_channel():
    params = main(steps=2)
    assert params["scale"].shape == (4,)
