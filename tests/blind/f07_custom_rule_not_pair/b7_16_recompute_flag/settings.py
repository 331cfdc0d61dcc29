"""Global switches for the activation kernels."""

# Trade compute for memory: keep only the inputs and recompute the sigmoid in bwd.
RECOMPUTE_IN_BWD = True
