from heat_pinn import main


def test_two_steps():
    terms = main(steps=2)
    assert set(terms) == {"pde", "boundary", "initial"}
