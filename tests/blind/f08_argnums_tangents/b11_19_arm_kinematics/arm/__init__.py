"""Planar three-link arm: forward kinematics and manipulability."""
