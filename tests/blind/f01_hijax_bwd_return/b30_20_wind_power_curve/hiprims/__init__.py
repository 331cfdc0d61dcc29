from hiprims.base import SmoothElementwise
from hiprims.power_curve import PowerCurve, power_curve

__all__ = ["SmoothElementwise", "PowerCurve", "power_curve"]
