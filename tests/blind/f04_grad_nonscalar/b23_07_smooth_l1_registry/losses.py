import jax.numpy as jnp

LOSSES = {}


def register(name):
    def deco(cls):
        LOSSES[name] = cls
        return cls
    return deco


class _Loss:
    def __init__(self, reduction="mean"):
        self.reduction = reduction

    def reduce(self, per_elem):
        if self.reduction == "mean":
            return per_elem.mean()
        if self.reduction == "sum":
            return per_elem.sum()
        return per_elem

    def __call__(self, pred, target):
        return self.reduce(self.forward(pred, target))


@register("smooth_l1")
class SmoothL1Loss(_Loss):
    def __init__(self, beta=1.0, reduction="mean"):
        super().__init__(reduction)
        self.beta = beta

    def forward(self, pred, target):
        d = jnp.abs(pred - target)
        return jnp.where(d < self.beta, 0.5 * d ** 2 / self.beta, d - 0.5 * self.beta)


@register("l2")
class MSELoss(_Loss):
    def forward(self, pred, target):
        return (pred - target) ** 2


def build_loss(cfg):
    cfg = dict(cfg)
    return LOSSES[cfg.pop("name")](**cfg)
