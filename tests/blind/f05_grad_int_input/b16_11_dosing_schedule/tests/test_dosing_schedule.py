from optimize_doses import DoseOptimizer
from regimen import Regimen


def test_one_step():
    doses, value = DoseOptimizer(Regimen()).run(1)
    assert doses.shape == (6,)
