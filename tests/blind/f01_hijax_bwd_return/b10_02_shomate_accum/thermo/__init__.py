"""Heat-capacity fits with hand-differentiated kernels."""
