from update import main


def test_ppo_epochs():
    stats = main()
    assert float(stats["entropy"]) > 0.0
