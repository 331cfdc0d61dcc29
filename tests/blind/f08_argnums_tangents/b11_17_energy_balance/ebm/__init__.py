"""A two-box energy-balance climate model and forward-mode sensitivities."""
