"""Per-pixel segmentation loss combining cross-entropy and soft Dice."""

import jax
import jax.numpy as jnp


def seg_loss(params, images, masks, dice_weight=0.5):
    logits = jnp.einsum("bhwc,ck->bhwk", images, params["kernel"]) + params["bias"]
    probs = jax.nn.sigmoid(logits[..., 0])
    ce = -jnp.mean(masks * jnp.log(probs + 1e-6) + (1 - masks) * jnp.log(1 - probs + 1e-6))
    inter = jnp.sum(probs * masks)
    dice = 1.0 - 2.0 * inter / (jnp.sum(probs) + jnp.sum(masks) + 1e-6)
    total = ce + dice_weight * dice
    return total, {"ce": ce, "dice": dice}
