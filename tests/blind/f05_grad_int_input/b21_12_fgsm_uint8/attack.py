"""Train the classifier, then measure its accuracy under an FGSM attack."""
import jax
import jax.numpy as jnp

import model
from pipeline import batches, synthetic_digits

EPS = 24.0  # in pixel units


def train(params, imgs, labels, epochs=5, lr=2.0):
    step = jax.jit(jax.grad(model.xent))
    for _ in range(epochs):
        for x, y in batches(imgs, labels):
            g = step(params, x, y)
            params = jax.tree.map(lambda p, gp: p - lr * gp, params, g)
    return params


input_grad = jax.jit(jax.grad(model.xent, argnums=1))


def fgsm(params, images, labels, eps=EPS):
    g = input_grad(params, images, labels)
    return jnp.clip(images + eps * jnp.sign(g), 0, 255)


def main():
    imgs, labels = synthetic_digits()
    params = train(model.init(jax.random.key(0)), imgs, labels)
    clean, adv = [], []
    for x, y in batches(imgs, labels):
        clean.append(model.accuracy(params, x, y))
        adv.append(model.accuracy(params, fgsm(params, x, y), y))
    print(f"clean {float(jnp.mean(jnp.array(clean))):.3f} adversarial {float(jnp.mean(jnp.array(adv))):.3f}")
    return float(jnp.mean(jnp.array(adv)))


if __name__ == "__main__":
    main()
