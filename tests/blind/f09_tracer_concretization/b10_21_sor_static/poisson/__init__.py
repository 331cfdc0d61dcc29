"""2-D Poisson problem on a square grid, relaxed with red-black SOR."""
