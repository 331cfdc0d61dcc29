import trace_estimator


def test_estimate_close():
    estimate, exact = trace_estimator.main()
    assert abs(float(estimate) - float(exact)) < 0.5
