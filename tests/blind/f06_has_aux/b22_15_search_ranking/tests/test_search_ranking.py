from trainer import main


def test_ranknet_reports_pair_accuracy():
    _, metrics = main()
    assert "pair_accuracy" in metrics
