"""Differential-drive odometry calibration."""
