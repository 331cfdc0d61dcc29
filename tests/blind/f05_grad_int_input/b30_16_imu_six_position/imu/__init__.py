from imu.calibration import AccelCalibration
from imu.solver import calibrate, gravity_residual

__all__ = ["AccelCalibration", "calibrate", "gravity_residual"]
