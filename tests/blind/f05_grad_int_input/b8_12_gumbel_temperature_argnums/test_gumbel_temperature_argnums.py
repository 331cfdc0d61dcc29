from train import train


def test_temperature_stays_in_range():
    _, t = train(n_steps=1)
    assert 0.1 <= float(t) <= 5.0
