import run_filter


def test_filter_tracks_rover():
    assert run_filter.main(n_steps=30) < 0.5
