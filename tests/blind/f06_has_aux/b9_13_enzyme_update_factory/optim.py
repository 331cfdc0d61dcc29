"""Plain gradient-descent update built from a named objective."""
import jax

from kinetics_fit import OBJECTIVES


def make_update(name, lr):
    loss_grad = jax.grad(OBJECTIVES[name])

    def update(params, *data):
        grads, metrics = loss_grad(params, *data)
        return params - lr * grads, metrics

    return update
