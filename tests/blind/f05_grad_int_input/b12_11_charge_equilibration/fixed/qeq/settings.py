"""Run settings for the relaxation driver."""
from typing import NamedTuple


class RelaxSettings(NamedTuple):
    steps: int = 150
    position_step: float = 0.01
    charge_step: float = 0.05
    # energy(positions, numbers, charges): differentiate w.r.t. positions and charges
    grad_argnums: tuple = (0, 2)


DEFAULT = RelaxSettings()
