"""Radial-velocity fit of a circular-orbit planet with a stellar jitter term."""
