"""Build a jitted update step from a loss function and an optimizer."""
import jax


def make_update(loss_fn, optimizer, has_aux=False):
    grad_fn = jax.grad(loss_fn, has_aux=has_aux)

    @jax.jit
    def update(params, opt_state, batch):
        if has_aux:
            grads, aux = grad_fn(params, batch)
        else:
            grads, aux = grad_fn(params, batch), {}
        params, opt_state = optimizer.apply(grads, opt_state, params)
        return params, opt_state, aux

    return update
