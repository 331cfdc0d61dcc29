from fem.beam import Beam
from solve import deflection


def test_tip_moves_with_the_load():
    w = deflection(Beam(n=10), iters=3)
    assert w.shape == (10,)
