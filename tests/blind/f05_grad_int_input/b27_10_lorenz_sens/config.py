"""Experiment settings for the predictability study."""

LORENZ = {
    "sigma": 10.0,
    "rho": 28.0,
    "beta": 8.0 / 3.0,
    "dt": 0.01,
    "n_steps": 300,
    "initial_state": [1, 1, 1],
}
