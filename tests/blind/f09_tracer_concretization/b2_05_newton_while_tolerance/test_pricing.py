import pricing


def test_recovers_quoted_volatility():
    assert all(abs(v - 0.25) < 1e-3 for v in pricing.main())
