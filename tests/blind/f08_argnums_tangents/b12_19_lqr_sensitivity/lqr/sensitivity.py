"""Which argument of rollout_cost each named sensitivity differentiates."""

SENSITIVITIES = {
    "gain": 0,
    "dynamics": 1,
    "actuation": 2,
    "state_weight": 3,
}
