"""Gaussian-process regression with an ARD squared-exponential kernel."""
