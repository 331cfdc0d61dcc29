import train


def test_training_converges():
    _, final = train.train(epochs=60)
    assert final < 0.1
