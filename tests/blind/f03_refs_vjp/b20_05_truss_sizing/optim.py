"""In-place gradient steps on parameters held in Refs."""
import jax
import jax.numpy as jnp


def zero_buffers(param_refs):
    return [jax.new_ref(jnp.zeros_like(r[...])) for r in param_refs]


def vjp_step(value, f_vjp, param_refs, lr, floor=1.0):
    """Accumulate d value / d params into fresh buffers and take a projected step."""
    buffers = zero_buffers(param_refs)
    f_vjp.with_refs(*buffers)(jnp.ones_like(value))
    for ref, buf in zip(param_refs, buffers):
        ref[...] = jnp.maximum(ref[...] - lr * buf[...], floor)
    return value
