"""Least-squares identification of a linear state-space model, parameters in Refs."""
