"""Adversarial robustness check: a small registry of gradient attacks."""
import jax
import jax.numpy as jnp

from data import load_batch
from model import cross_entropy, init, logits

ATTACKS = {}


def register(name):
    def deco(fn):
        ATTACKS[name] = fn
        return fn
    return deco


@register("fgsm")
def fgsm(params, images, labels, eps=8.0):
    g = jax.grad(cross_entropy, argnums=1)(params, images, labels)
    return jnp.clip(images + eps * jnp.sign(g), 0.0, 255.0)


def train(params, images, labels, steps=200, lr=1.0):
    grad_fn = jax.jit(jax.grad(cross_entropy))
    for _ in range(steps):
        g = grad_fn(params, images, labels)
        params = jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g)
    return params


def accuracy(params, images, labels):
    return float(jnp.mean(jnp.argmax(logits(params, images), -1) == labels))


def main():
    images, labels = load_batch()
    params = train(init(jax.random.key(0)), images, labels)
    print("clean", accuracy(params, images, labels))
    adv = ATTACKS["fgsm"](params, images, labels)
    print("fgsm", accuracy(params, adv, labels))


if __name__ == "__main__":
    main()
