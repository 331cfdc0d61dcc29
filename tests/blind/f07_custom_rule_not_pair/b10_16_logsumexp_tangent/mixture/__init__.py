"""A 1-D Gaussian mixture fitted by gradient ascent on its log-likelihood."""
