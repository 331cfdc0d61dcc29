import stability


def test_scheme_is_stable():
    assert stability.main() <= 1.0 + 1e-5
