"""Input-gradient attributions."""

import jax

from model import class_score


def saliency_maps(params, frames, labels):
    grad_wrt_frame = jax.grad(class_score, argnums=1)
    return jax.vmap(grad_wrt_frame, in_axes=(None, 0, 0))(params, frames, labels)
