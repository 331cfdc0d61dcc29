"""A small beta-VAE on vectors."""
