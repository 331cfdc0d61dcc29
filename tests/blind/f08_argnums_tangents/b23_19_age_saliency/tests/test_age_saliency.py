from main import main


def test_maps_match_images():
    assert main().shape == (8, 16, 16)
