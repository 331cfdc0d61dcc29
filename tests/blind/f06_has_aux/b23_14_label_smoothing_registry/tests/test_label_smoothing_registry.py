from main import main


def test_history_recorded():
    history = main()
    assert history[-1]["loss"] < history[0]["loss"]
