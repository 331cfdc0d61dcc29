"""Domain-adversarial training: a label head and a domain head on shared features."""

import functools

import jax
import jax.numpy as jnp

from frozen import freeze
from layers import dense_apply, dense_init, grad_reverse


def init(key, n_in=8, n_hidden=16, n_classes=3):
    k1, k2, k3 = jax.random.split(key, 3)
    return freeze({
        "features": dense_init(k1, n_in, n_hidden),
        "label": dense_init(k2, n_hidden, n_classes),
        "domain": dense_init(k3, n_hidden, 1),
    })


def apply(params, x, grl_scale):
    h = jax.nn.relu(dense_apply(params["features"], x))
    logits = dense_apply(params["label"], h)
    domain_logit = dense_apply(params["domain"], grad_reverse(h, grl_scale))[:, 0]
    return logits, domain_logit


def loss_fn(params, src_x, src_y, tgt_x, grl_scale):
    x = jnp.concatenate([src_x, tgt_x])
    logits, domain_logit = apply(params, x, grl_scale)
    n_src = src_x.shape[0]
    ce = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits[:n_src]), src_y[:, None], 1))
    is_target = jnp.concatenate([jnp.zeros(n_src), jnp.ones(tgt_x.shape[0])])
    bce = jnp.mean(jax.nn.softplus(domain_logit) - is_target * domain_logit)
    return ce + bce


@functools.partial(jax.jit, static_argnames=("grl_scale",))
def train_step(params, src_x, src_y, tgt_x, lr=0.05, grl_scale=0.3):
    loss, grads = jax.value_and_grad(loss_fn)(params, src_x, src_y, tgt_x, grl_scale)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def make_data(key, n=32):
    k1, k2, k3 = jax.random.split(key, 3)
    src_x = jax.random.normal(k1, (n, 8))
    src_y = jnp.argmax(src_x[:, :3], axis=1)
    tgt_x = jax.random.normal(k2, (n, 8)) * 1.5 + 0.5 * jax.random.normal(k3, (8,))
    return src_x, src_y, tgt_x


def main():
    params = init(jax.random.key(1))
    src_x, src_y, tgt_x = make_data(jax.random.key(2))
    for _ in range(10):
        params, loss = train_step(params, src_x, src_y, tgt_x)
    print("loss", loss)
    return loss


if __name__ == "__main__":
    main()
