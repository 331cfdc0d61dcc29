"""Monotone piecewise-linear time warping with learnable knots."""
