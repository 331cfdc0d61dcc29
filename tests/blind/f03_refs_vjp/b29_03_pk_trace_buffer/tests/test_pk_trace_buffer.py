import fit
from pk_model import TwoCompartmentPK


def test_calibration_runs():
    model = TwoCompartmentPK(n_steps=120)
    data = fit.observed(model)
    theta, loss = fit.calibrate(model, data, iters=2)
    assert float(loss) >= 0.0
