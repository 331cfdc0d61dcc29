"""A 1-D convolutional beat classifier and gradient saliency for it."""
