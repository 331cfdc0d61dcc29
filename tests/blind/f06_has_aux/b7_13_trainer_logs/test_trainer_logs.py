import softmax_reg


def test_accuracy_logged():
    history = softmax_reg.main(n_batches=3)
    assert "accuracy" in history[-1]
