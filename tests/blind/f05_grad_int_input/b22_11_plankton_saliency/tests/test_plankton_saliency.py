from report import main


def test_one_map_per_frame():
    maps = main()
    assert maps.shape == (8, 16, 16)
