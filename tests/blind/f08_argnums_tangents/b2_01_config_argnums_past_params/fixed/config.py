"""Experiment configuration for the ridge-regression sweep."""

LEARNING_RATE = 0.05
EPOCHS = 40
# differentiate the weights and the regularisation strength
GRAD_ARGNUMS = (0, 1)
