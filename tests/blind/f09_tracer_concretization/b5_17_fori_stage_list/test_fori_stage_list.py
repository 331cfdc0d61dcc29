from refiner import train


def test_refiner_improves():
    history = train(15)
    assert history[-1] < history[0]
