"""Experiment settings, as read from the lab notebook."""

SETTINGS = {
    "length_m": 0.5,
    "nodes": 26,
    "diffusivity": 1.1e-4,  # m^2/s, aluminium
    "dt_s": 1.0,
    "steps": 150,
    "initial_c": 20.0,
    "sensor_nodes": (5, 10, 15, 20),
    "boundary_guess_c": (60.0, 40.0),  # left / right, degC
    "lr": 2.0,
    "iters": 25,
}
