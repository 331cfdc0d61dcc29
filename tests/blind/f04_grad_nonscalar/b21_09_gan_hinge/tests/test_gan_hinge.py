from train import main


def test_gan_alternating_updates():
    state = main()
    assert len(state.d) == 2
