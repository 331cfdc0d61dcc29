"""Run settings for the claims-frequency model."""

SETTINGS = {
    "features": 3,
    "loss": {"family": "poisson", "reduction": "mean"},
    "optimizer": {"lr": 0.1, "steps": 30},
}
