from train_bpr import train


def test_training_lowers_ranking_loss():
    _, untrained = train(n_steps=0)
    _, trained = train(n_steps=60)
    assert trained < untrained
