import train


def test_counter_and_weights_update():
    state = train.main(steps=20)
    assert int(state["step"]) == 20
    assert float(state["w"][0]) > 0.5
