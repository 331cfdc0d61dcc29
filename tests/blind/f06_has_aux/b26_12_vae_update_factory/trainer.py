"""Generic training utilities shared by the experiments."""
import jax
import jax.numpy as jnp


def adam(lr, b1=0.9, b2=0.999, eps=1e-8):
    def init(params):
        return {"m": jax.tree.map(jnp.zeros_like, params),
                "v": jax.tree.map(jnp.zeros_like, params),
                "count": jnp.zeros((), jnp.int32)}

    def update(grads, state, params):
        count = state["count"] + 1
        m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
        v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state["v"], grads)
        c1, c2 = 1 - b1**count, 1 - b2**count
        new = jax.tree.map(lambda p, m, v: p - lr * (m / c1) / (jnp.sqrt(v / c2) + eps), params, m, v)
        return new, {"m": m, "v": v, "count": count}

    return init, update


def make_update_fn(loss_fn, optimizer, *, has_aux=False):
    _, opt_update = optimizer

    @jax.jit
    def update(params, opt_state, batch, key):
        out, grads = jax.value_and_grad(loss_fn, has_aux=has_aux)(params, batch, key)
        loss, aux = out if has_aux else (out, {})
        params, opt_state = opt_update(grads, opt_state, params)
        return params, opt_state, {"loss": loss, **aux}

    return update
