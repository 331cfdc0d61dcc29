from cgff.params import ForceField, ForceFieldGrads
from cgff.energy import pair_energy

__all__ = ["ForceField", "ForceFieldGrads", "pair_energy"]
