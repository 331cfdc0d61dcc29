"""Point-charge molecular mechanics with fitted partial charges."""
