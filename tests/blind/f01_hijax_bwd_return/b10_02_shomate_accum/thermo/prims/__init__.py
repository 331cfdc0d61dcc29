from thermo.prims.shomate import shomate_cp

__all__ = ["shomate_cp"]
