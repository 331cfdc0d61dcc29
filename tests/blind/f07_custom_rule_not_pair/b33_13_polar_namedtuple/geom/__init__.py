from geom.polar import Polar, to_polar

__all__ = ["Polar", "to_polar"]
