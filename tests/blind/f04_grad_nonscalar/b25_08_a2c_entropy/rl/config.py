from typing import NamedTuple


class A2CConfig(NamedTuple):
    gamma: float = 0.99
    vf_coef: float = 0.5
    ent_coef: float = 0.01
    lr: float = 3e-3
    hidden: int = 32
