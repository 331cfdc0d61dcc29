import analyze


def test_lifetime_estimate():
    tau = analyze.main(iterations=300)
    assert 2.5 < tau < 4.0
