"""Loss functions ported from torchvision.ops."""
import jax
import jax.numpy as jnp


def sigmoid_focal_loss(inputs, targets, alpha=0.25, gamma=2.0, reduction="none"):
    """Focal loss of RetinaNet (Lin et al., 2017), as torchvision.ops.sigmoid_focal_loss."""
    p = jax.nn.sigmoid(inputs)
    ce = jnp.logaddexp(0.0, inputs) - targets * inputs
    p_t = p * targets + (1 - p) * (1 - targets)
    loss = ce * ((1 - p_t) ** gamma)
    if alpha >= 0:
        alpha_t = alpha * targets + (1 - alpha) * (1 - targets)
        loss = alpha_t * loss
    if reduction == "mean":
        loss = loss.mean()
    elif reduction == "sum":
        loss = loss.sum()
    return loss
