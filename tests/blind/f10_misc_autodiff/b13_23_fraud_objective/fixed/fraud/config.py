"""Training settings for the nightly fraud model refresh."""

SETTINGS = {
    "objective": "weighted_logistic",
    "learning_rate": 0.5,
    "epochs": 100,
    "features": ["amount_z", "hour_sin", "hour_cos", "merchant_risk", "velocity_1h"],
}
