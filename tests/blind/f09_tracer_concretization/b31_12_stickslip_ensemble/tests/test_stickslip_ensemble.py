import ensemble


def test_every_member_slips():
    events = ensemble.main(members=3)
    assert events.shape == (3,)
