from trainer import main


def test_running_stats_update():
    stats = main(steps=2)
    assert stats["mean"].shape == (2,)
