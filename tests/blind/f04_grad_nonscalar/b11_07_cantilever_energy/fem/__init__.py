"""Energy-based finite differences for a cantilever beam."""
