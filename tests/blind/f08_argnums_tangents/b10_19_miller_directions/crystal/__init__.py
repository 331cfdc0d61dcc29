"""Electrostatic field of a small ionic cluster along crystal directions."""
