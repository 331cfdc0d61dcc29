from rates.floor import SoftFloor, soft_floor
from rates.tracing import BackwardLog
from rates.vasicek import VasicekParams, zero_coupon_yields

__all__ = ["SoftFloor", "soft_floor", "BackwardLog", "VasicekParams", "zero_coupon_yields"]
