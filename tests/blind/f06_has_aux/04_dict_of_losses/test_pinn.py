import train


def test_both_terms_reported():
    losses = train.main()
    assert set(losses) == {"data", "physics"}
