import vae


def test_reports_terms():
    metrics = vae.train(steps=3)
    assert set(metrics) == {"rec", "kl"}
