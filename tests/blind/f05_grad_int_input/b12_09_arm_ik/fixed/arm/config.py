"""Arm description and solver settings, as loaded from the robot's YAML file."""

ARM = {
    "name": "scara-3",
    "link_lengths": [0.35, 0.30, 0.12],
    "joint_limits": [[-2.6, 2.6], [-2.4, 2.4], [-3.1, 3.1]],
    "home": [0.0, 1.0, -1.0],
}

SOLVER = {"iterations": 200, "step": 0.5, "limit_weight": 0.1}
