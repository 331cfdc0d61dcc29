from identify import main


def test_resistance_recovered():
    assert abs(float(main()["R"]) - 50.0) < 10.0
