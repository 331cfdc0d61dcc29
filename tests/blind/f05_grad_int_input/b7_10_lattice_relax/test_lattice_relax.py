import lattice
import relax


def test_relaxation_lowers_energy():
    settings = dict(lattice.SETTINGS, cluster="square-2x2", steps=5)
    start = relax.lj_energy(lattice.build_positions(settings), settings["epsilon"], settings["sigma"])
    assert relax.relax(settings) <= float(start)
