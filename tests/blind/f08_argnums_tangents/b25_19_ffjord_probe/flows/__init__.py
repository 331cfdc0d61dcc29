from flows.probes import PROBES, sample_probe
from flows.cnf import VectorField, hutchinson_divergence, log_density

__all__ = ["PROBES", "sample_probe", "VectorField", "hutchinson_divergence", "log_density"]
