import loop_seg


def test_loss_drops():
    assert loop_seg.main(steps=10) < 1.2
