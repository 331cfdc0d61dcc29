import math

from train import main


def test_vae_trains_from_default_config():
    assert math.isfinite(main())
