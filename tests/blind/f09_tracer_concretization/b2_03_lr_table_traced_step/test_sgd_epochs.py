import sgd_epochs


def test_weights_move():
    assert float(sgd_epochs.main(epochs=3)[2]) > 0.0
