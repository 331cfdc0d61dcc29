"""Monte Carlo pricing of discretely monitored barrier options."""
