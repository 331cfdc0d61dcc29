from run_chain import main


def test_values_increase_towards_goal():
    v = main(iterations=20)
    assert float(v[-1]) >= float(v[0])
