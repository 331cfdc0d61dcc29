"""Experiment and fitting settings for the A -> B -> C batch reactor."""

SETTINGS = {
    "conc0": [1.0, 0.0, 0.0],     # mol/L of A, B, C
    "t_end": 10.0,                # minutes
    "n_steps": 100,
    "rates0": [1, 3],             # initial guess of k1, k2 (1/min)
    "lr": 0.5,
    "n_iter": 40,
}
