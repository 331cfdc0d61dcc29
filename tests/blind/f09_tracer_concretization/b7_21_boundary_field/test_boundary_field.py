import heat
from config import NEUMANN


def test_insulated_rod_keeps_heat():
    u0 = heat.run(n_steps=0, boundary=NEUMANN)
    u = heat.run(n_steps=20, boundary=NEUMANN)
    assert abs(float(u.sum() - u0.sum())) < 1e-2 * float(u0.sum())
