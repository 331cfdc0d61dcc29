"""Online fine-tuning of a logistic spam filter on a stream of labelled messages."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class OnlineConfig:
    lr: float = 0.5
    grad_dtype: str = "float32"


def nll(params, x, y):
    logits = x @ params["w"][...] + params["b"][...]
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)


class OnlineLearner:
    def __init__(self, params, cfg):
        self.params, self.cfg = params, cfg
        self.grads = {
            name: jax.new_ref(jnp.zeros(ref.shape, cfg.grad_dtype)) for name, ref in params.items()
        }

    def update(self, x, y):
        for g in self.grads.values():
            g[...] = jnp.zeros_like(g[...])
        loss, f_vjp = jax.vjp(nll, self.params, x, y)
        f_vjp.with_refs(self.grads, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
        for name, ref in self.params.items():
            ref[...] = ref[...] - (self.cfg.lr * self.grads[name][...]).astype(ref.dtype)
        return loss
