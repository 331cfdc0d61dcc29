"""Obstacle clearance constraints for a 3-link planar manipulator."""
