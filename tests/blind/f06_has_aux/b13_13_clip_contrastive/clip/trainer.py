"""Update-step factory shared by the training scripts."""

import jax


def make_update(loss_fn, lr):
    @jax.jit
    def update(params, batch):
        loss, grads = jax.value_and_grad(loss_fn)(params, batch)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, loss

    return update
