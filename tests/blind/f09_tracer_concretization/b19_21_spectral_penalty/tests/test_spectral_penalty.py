from estimate import main


def test_critic_separates_distributions():
    assert main(steps=10) > 0.0
