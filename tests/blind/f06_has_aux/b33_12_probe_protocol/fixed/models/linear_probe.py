import jax
import jax.numpy as jnp


class LinearProbe:
    """Linear probe on frozen features (added for the representation study)."""

    def init(self, key):
        return {"w": jnp.zeros((4, 3)), "b": jnp.zeros(3)}

    def loss(self, params, batch):
        logits = batch["x"] @ params["w"] + params["b"]
        logp = jax.nn.log_softmax(logits)
        nll = -jnp.mean(jnp.take_along_axis(logp, batch["y"][:, None], axis=1))
        return nll, {}
