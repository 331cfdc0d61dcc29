"""Forward-gradient training: directional derivatives along random probes."""
