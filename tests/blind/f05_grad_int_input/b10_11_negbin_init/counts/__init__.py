"""Negative-binomial regression of daily event counts."""
