"""Study settings, as loaded from the trial's YAML file."""

STUDY = {
    "drug": "theophylline",
    "dose_mg": 320.0,
    "sampling_hours": [0.25, 0.5, 1.0, 2.0, 3.5, 5.0, 7.0, 9.0, 12.0, 24.0],
    "initial_params": {
        "log_ka": 0.5,
        "log_ke": -2.5,
        "log_v": 3.0,
    },
    "optimizer": {"lr": 0.02, "steps": 50},
}
