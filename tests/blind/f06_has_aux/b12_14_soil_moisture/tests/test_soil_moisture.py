from train_soil import train


def test_loss_decreases():
    _, state, losses = train(n_steps=80)
    assert losses[-1] < losses[0]
    assert float(state["var"][2]) > 1.0
