"""Piecewise-constant learning-rate schedule, one entry per epoch."""

LR_TABLE = [0.1, 0.1, 0.05, 0.05, 0.01, 0.01]


def learning_rate(epoch):
    return LR_TABLE[epoch]
