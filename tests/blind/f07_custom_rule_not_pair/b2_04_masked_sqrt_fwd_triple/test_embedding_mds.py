import embedding_mds


def test_stress_decreases():
    start, end = embedding_mds.main(iters=10)
    assert end < start
