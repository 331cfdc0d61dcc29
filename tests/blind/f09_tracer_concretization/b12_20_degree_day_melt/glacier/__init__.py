"""A degree-day surface mass-balance model of a mountain glacier."""
