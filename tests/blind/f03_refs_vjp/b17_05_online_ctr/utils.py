"""VJP helpers for models whose parameters live in mutable Refs."""
import jax


def vjp_apply(fn, primals, ct=1.0, grad_refs=None):
    """Run `fn` forward and pull `ct` back; gradients of Ref primals go into `grad_refs`."""
    out, f_vjp = jax.vjp(fn, *primals)
    if grad_refs is not None:
        f_vjp = f_vjp.with_refs(*grad_refs)
    return out, f_vjp(ct)


def zero_refs(refs):
    for r in refs:
        r[...] = r[...] * 0.0
