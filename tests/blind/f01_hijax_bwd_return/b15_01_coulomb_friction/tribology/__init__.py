from tribology.friction import coulomb_force

__all__ = ["coulomb_force"]
