"""Piecewise-constant learning-rate schedule."""

BOUNDARIES = [0, 10, 20]
RATES = [0.1, 0.05, 0.01]


def phase_of(step):
    return (step >= 10) + (step >= 20)


def learning_rate(step):
    return RATES[phase_of(step)]
