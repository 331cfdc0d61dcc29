"""Pretraining loop on synthetic paired features."""
import jax
import jax.numpy as jnp

from config import SigLIPConfig
from siglip import init_params, sigmoid_loss


def make_pairs(key, cfg, n=32):
    kz, ki, kt = jax.random.split(key, 3)
    z = jax.random.normal(kz, (n, 6))
    images = z @ jax.random.normal(ki, (6, cfg.image_dim))
    texts = z @ jax.random.normal(kt, (6, cfg.text_dim))
    return images, texts


def make_step(cfg):
    loss_and_grad = jax.jit(jax.value_and_grad(sigmoid_loss))

    def step(params, images, texts):
        loss, grads = loss_and_grad(params, images, texts)
        params = jax.tree.map(lambda p, g: p - cfg.learning_rate * g, params, grads)
        return params, loss

    return step


def run(cfg=SigLIPConfig()):
    params = init_params(jax.random.key(0), cfg)
    images, texts = make_pairs(jax.random.key(1), cfg)
    step = make_step(cfg)
    losses = []
    for _ in range(cfg.steps):
        params, loss = step(params, images, texts)
        losses.append(float(loss))
    return losses


def main():
    losses = run()
    print(f"sigmoid loss {losses[0]:.3f} -> {losses[-1]:.3f}")


if __name__ == "__main__":
    main()
