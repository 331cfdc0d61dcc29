"""Physical constants for the bead-spring chain (reduced units)."""

N_BEADS = 12
SPACING = 1          # initial bead spacing
REST_LENGTH = 0.8    # spring rest length
STIFFNESS = 25.0
WALL_K = 5.0         # harmonic tether of the end beads
