from ct.io import ScanHeader, read_slice
from ct.prior import initial_attenuation
from ct.geometry import ray_matrix

__all__ = ["ScanHeader", "read_slice", "initial_attenuation", "ray_matrix"]
