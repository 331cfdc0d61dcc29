"""Finite-horizon LQR cost of a fixed feedback gain, and its sensitivities."""
