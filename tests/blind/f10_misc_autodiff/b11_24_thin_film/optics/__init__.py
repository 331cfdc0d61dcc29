"""Characteristic-matrix model of an anti-reflection coating stack."""
