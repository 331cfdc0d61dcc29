from detect import main


def test_some_frames_are_voiced():
    mask = main()
    assert 0 < int(mask.sum()) < mask.shape[0]
