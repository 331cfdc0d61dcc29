from train import main


def test_running_stats_updated():
    stats = main()
    assert float(stats[0]["var"].mean()) != 1.0
