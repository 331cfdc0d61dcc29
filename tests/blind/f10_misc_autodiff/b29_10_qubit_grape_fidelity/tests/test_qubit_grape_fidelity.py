import grape


def test_few_grape_iterations():
    controls, loss = grape.optimise(n_slices=10, iters=2)
    assert controls.shape == (10, 2)
