import jax

from fit import calibration_round
from station import readings
from store import CalibrationStore


def test_one_round():
    raw, reference = readings(jax.random.key(0))
    store = CalibrationStore(raw.shape[1])
    loss = calibration_round(store, raw / 20.0, reference / 20.0, steps=2)
    assert loss >= 0
