"""Fitting settings: the impedance model is complex-valued."""

FIT = {
    "grad_options": {},
    "learning_rate": 0.3,
    "iterations": 300,
    "initial": {"r_s": 10.0, "r_ct": 50.0, "c_dl": 1e-5, "sigma": 20.0},
}
