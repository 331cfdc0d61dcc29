"""Trains the classifier, then reports clean and adversarial accuracy."""
import jax
import jax.numpy as jnp

import model
from attack import fgsm
from data import batches, load_images


@jax.jit
def train_step(params, images, labels, lr=0.1):
    loss, grads = jax.value_and_grad(model.xent)(params, images, labels)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def accuracy(params, images, labels):
    return float(jnp.mean(jnp.argmax(model.apply(params, images), -1) == labels))


def evaluate(params, images, labels):
    images, labels = jnp.asarray(images, dtype=jnp.float32), jnp.asarray(labels)
    adversarial = fgsm(params, images, labels)
    return accuracy(params, images, labels), accuracy(params, adversarial, labels)


def run(epochs=5):
    images, labels = load_images()
    params = model.init(jax.random.key(0))
    for _ in range(epochs):
        for x, y in batches(images, labels):
            params, _ = train_step(params, x, y)
    return evaluate(params, images, labels)


def main():
    clean, robust = run()
    print(f"clean acc {clean:.3f}  fgsm acc {robust:.3f}")


if __name__ == "__main__":
    main()
