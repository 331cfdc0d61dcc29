from solve import main


def test_losses_recorded():
    assert len(main(steps=5)) >= 5
