"""Tied-weight autoencoder: the encoder matrix lives in a Ref shared with the decoder."""

import jax.numpy as jnp


class TiedAutoencoder:
    def __init__(self, n_visible, n_hidden):
        self.n_visible, self.n_hidden = n_visible, n_hidden

    def reconstruction_loss(self, enc_ref, batch):
        w = enc_ref[...]  # (n_visible, n_hidden)
        code = jnp.tanh(batch @ w)
        recon = code @ w.T
        return jnp.mean((recon - batch) ** 2)
