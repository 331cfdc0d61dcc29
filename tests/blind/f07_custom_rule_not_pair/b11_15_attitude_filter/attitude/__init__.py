"""Gyro-bias calibration for a quaternion attitude propagator."""
