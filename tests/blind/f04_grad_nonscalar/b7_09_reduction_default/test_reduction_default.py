import logreg


def test_separates_blobs():
    assert logreg.fit(steps=5) > 0.8
