import sensitivity


def test_stronger_feedback_means_less_warming():
    grads = sensitivity.main()
    assert float(grads["lam"]) < 0.0
