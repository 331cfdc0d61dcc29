"""A regression MLP trained with a Lipschitz (spectral-norm) penalty."""
