"""A window-convolution part-of-speech tagger."""
import jax
import jax.numpy as jnp


class WindowTagger:
    def __init__(self, vocab, n_tags, dim=24, window=3):
        self.vocab, self.n_tags, self.dim, self.window = vocab, n_tags, dim, window

    def init(self, key):
        k1, k2, k3 = jax.random.split(key, 3)
        return {
            "embed": jax.random.normal(k1, (self.vocab, self.dim)) * 0.1,
            "conv": jax.random.normal(k2, (self.window, self.dim, self.dim)) * 0.1,
            "out": jax.random.normal(k3, (self.dim, self.n_tags)) * 0.1,
        }

    def __call__(self, params, tokens):
        x = params["embed"][tokens]                      # (B, T, D)
        pad = self.window // 2
        xp = jnp.pad(x, ((0, 0), (pad, pad), (0, 0)))
        T = tokens.shape[1]
        h = sum(xp[:, k:k + T] @ params["conv"][k] for k in range(self.window))
        return jax.nn.relu(h) @ params["out"]           # (B, T, n_tags)
