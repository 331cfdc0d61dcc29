"""Keplerian orbit fitting to astrometric positions."""
