"""Bayesian personalised ranking with a two-tower model."""
