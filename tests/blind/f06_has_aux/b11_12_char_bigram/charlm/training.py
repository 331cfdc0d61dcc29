"""Generic SGD update factory used by the language-model scripts."""

import jax


def make_update(loss_fn, lr):
    grad_fn = jax.value_and_grad(loss_fn)

    @jax.jit
    def update(params, *batch):
        out, grads = grad_fn(params, *batch)
        new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return new_params, out

    return update
