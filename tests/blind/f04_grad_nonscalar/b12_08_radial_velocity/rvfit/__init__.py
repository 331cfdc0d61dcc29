"""Radial-velocity fitting of a single planet on a circular-ish orbit."""
