"""Experiment settings for the mixture-density prior (copied from the sweep notebook)."""

PRIOR = {
    "n_components": 3,
    "dim": 2,
    "init_log_scale": 0,
    "init_spread": 2.0,
}

TRAIN = {"lr": 5e-2, "steps": 30, "batch": 64, "seed": 0}
