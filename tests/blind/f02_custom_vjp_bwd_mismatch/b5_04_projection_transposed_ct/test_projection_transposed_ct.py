from fit import fit


def test_fit_tracks_teacher():
    values = fit(15)
    assert values[-1] < values[0]
