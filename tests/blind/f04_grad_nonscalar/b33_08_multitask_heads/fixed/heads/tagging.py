import jax
import jax.numpy as jnp


class TaggingHead:
    """Per-token tag classifier (contributed by the NER team)."""

    def __init__(self, d_model, n_tags=5):
        self.d_model, self.n_tags = d_model, n_tags

    def init(self, key):
        return {"w": jax.random.normal(key, (self.d_model, self.n_tags)) * 0.1}

    def loss(self, params, h, batch):
        logp = jax.nn.log_softmax(h @ params["w"])
        nll = -jnp.take_along_axis(logp, batch["tags"][..., None], axis=-1)[..., 0]
        return jnp.mean(nll)
