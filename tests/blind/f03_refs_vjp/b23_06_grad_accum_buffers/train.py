import jax
import jax.numpy as jnp

from buffers import make_grad_buffers, zero_
from config import LayerConfig


def init_params(cfg, key):
    w = jax.random.normal(key, (cfg.in_features, cfg.out_features)) / jnp.sqrt(cfg.in_features)
    return {"weight": jax.new_ref(w), "bias": jax.new_ref(jnp.zeros(cfg.out_features))}


def micro_loss(params, x, y):
    logits = x @ params["weight"][...] + params["bias"][...]
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))


def accumulate(params, grads, batches):
    total = 0.0
    for x, y in batches:
        loss, f_vjp = jax.vjp(micro_loss, params, x, y)
        f_vjp.with_refs(grads, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
        total += float(loss)
    return total / len(batches)


def apply_grads(params, grads, lr, n):
    for name, ref in params.items():
        ref[...] -= lr * grads[name][...] / n


def main(cfg=LayerConfig(), epochs=5):
    key = jax.random.key(0)
    x = jax.random.normal(key, (64, cfg.in_features))
    y = jax.nn.one_hot(jnp.argmax(x[:, : cfg.out_features], axis=1), cfg.out_features)
    batches = list(zip(jnp.split(x, cfg.micro_batches), jnp.split(y, cfg.micro_batches)))
    params = init_params(cfg, jax.random.key(1))
    grads = make_grad_buffers(cfg)
    for _ in range(epochs):
        zero_(grads)
        loss = accumulate(params, grads, batches)
        apply_grads(params, grads, cfg.lr, cfg.micro_batches)
    print("loss", loss)
    return loss


if __name__ == "__main__":
    main()
