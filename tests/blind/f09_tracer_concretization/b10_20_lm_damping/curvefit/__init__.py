"""Levenberg-Marquardt fitting of a damped oscillation."""
