"""An MLP regressor with dropout for tabular housing data."""
