from report import main


def test_resistance_dominates_pulse_response():
    ranking = main()
    assert ranking[0] in ("r0", "r1")
