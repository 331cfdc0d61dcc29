"""Photon-counting detector models with hand-written backward passes."""

from detector.saturation import DeadTimeSaturation

__all__ = ["DeadTimeSaturation"]
