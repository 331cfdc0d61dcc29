"""Experiment configuration for the bounding-box regressor."""

MODEL = {"hidden": 32, "outputs": 4}

LOSS = {
    "name": "smooth_l1",
    "beta": 1.0,
    "reduction": "none",
}

OPTIM = {"lr": 0.01, "steps": 20}
