"""Generic training utilities: an optimizer and an update-step factory."""
