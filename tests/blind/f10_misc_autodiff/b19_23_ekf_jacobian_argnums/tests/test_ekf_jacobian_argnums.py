from track import main


def test_filter_tracks_target():
    assert main() < 10.0
