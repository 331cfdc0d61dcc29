"""Inverse kinematics for a planar serial arm."""
