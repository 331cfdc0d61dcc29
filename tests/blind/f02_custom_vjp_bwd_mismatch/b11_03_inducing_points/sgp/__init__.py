"""A small sparse Gaussian-process regressor (subset-of-regressors) with learned inducing points."""
