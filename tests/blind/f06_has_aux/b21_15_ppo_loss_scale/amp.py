"""Static loss scaling, as used when the policy runs in reduced precision."""
import functools

import jax


def scale_loss(loss_fn, scale):
    """Wrap `loss_fn` so its gradients come out multiplied by `scale`."""
    @functools.wraps(loss_fn)
    def scaled(*args, **kwargs):
        loss, aux = loss_fn(*args, **kwargs)
        return loss * scale

    return scaled


def unscale(grads, scale):
    return jax.tree.map(lambda g: g / scale, grads)
