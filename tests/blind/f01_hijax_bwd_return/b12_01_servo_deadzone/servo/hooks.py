"""Plugin hooks called from the backward pass of the actuator primitives."""
import jax.numpy as jnp

_BACKWARD_HOOKS = {}


def register_backward_hook(name):
    def deco(fn):
        _BACKWARD_HOOKS[name] = fn
        return fn
    return deco


@register_backward_hook("stalled_fraction")
def stalled_fraction(command, ct):
    return jnp.mean(ct == 0.0)


@register_backward_hook("ct_rms")
def ct_rms(command, ct):
    return jnp.sqrt(jnp.mean(ct ** 2))


def run_backward_hooks(command, ct):
    results = []
    for name, hook in _BACKWARD_HOOKS.items():
        results.append((name, hook(command, ct)))
    return results
