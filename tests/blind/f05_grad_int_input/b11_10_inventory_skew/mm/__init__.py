"""A toy market-making strategy tuned by differentiating a smoothed P&L."""
