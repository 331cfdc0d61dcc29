from estimate_rt import RenewalModel, estimate, synthetic_cases


def test_rt_drops_after_intervention():
    rt, _ = estimate(RenewalModel(synthetic_cases()), n_steps=200)
    assert float(rt[20]) > 1.0 > float(rt[60])
