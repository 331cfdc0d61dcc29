"""A linear-reservoir cascade rainfall-runoff model with parameters held in Refs."""
