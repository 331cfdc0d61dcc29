"""Fitting a Keplerian orbit to noisy position fixes."""
