"""Straight-ray travel-time tomography."""
