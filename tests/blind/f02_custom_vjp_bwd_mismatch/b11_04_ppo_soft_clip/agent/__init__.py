"""A tiny PPO-style agent for a contextual bandit."""
