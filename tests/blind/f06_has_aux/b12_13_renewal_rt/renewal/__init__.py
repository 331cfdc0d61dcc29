"""Renewal-equation estimate of a time-varying reproduction number."""
