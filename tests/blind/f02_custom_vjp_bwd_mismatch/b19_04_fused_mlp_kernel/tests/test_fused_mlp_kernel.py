from policy import main


def test_behaviour_cloning_loss_is_small():
    assert main() < 10.0
