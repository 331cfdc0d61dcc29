"""Configuration of a one-compartment pharmacokinetic model."""

from dataclasses import dataclass


@dataclass
class PKConfig:
    dose: float = 100.0
    k_abs: float = 1.0
    k_el: float = 0.2
    volume: float = 30.0
    dt: float = 0.1
    n_steps: int = 120
