"""Gradient reversal layer for domain-adversarial training."""

from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def reverse_gradient(x, strength):
    return x


def _reverse_fwd(x, strength):
    return x


def _reverse_bwd(strength, _, g):
    return (-strength * g,)


reverse_gradient.defvjp(_reverse_fwd, _reverse_bwd)


class DomainClassifier:
    def __init__(self, strength):
        self.strength = strength

    def logits(self, params, features):
        return reverse_gradient(features, self.strength) @ params["domain_w"]
