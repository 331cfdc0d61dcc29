import critic


def test_critic_trains():
    assert critic.main(steps=2) >= 0.0
