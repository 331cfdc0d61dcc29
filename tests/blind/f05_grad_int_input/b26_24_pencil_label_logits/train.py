"""Learns a classifier and corrected labels from a dataset with 20% flipped labels."""
import jax
import jax.numpy as jnp

import net
from pencil import init_label_logits, pencil_loss

NUM_CLASSES = 3


def objective(params, label_logits, x, noisy_labels):
    return pencil_loss(net.apply(params, x), label_logits, noisy_labels)


grad_both = jax.jit(jax.grad(objective, argnums=(0, 1)))


def make_data(key, n=240, d=6):
    kx, kw, kf, kr = jax.random.split(key, 4)
    x = jax.random.normal(kx, (n, d))
    clean = jnp.argmax(x @ jax.random.normal(kw, (d, NUM_CLASSES)), axis=1)
    flip = jax.random.uniform(kf, (n,)) < 0.2
    noisy = jnp.where(flip, jax.random.randint(kr, (n,), 0, NUM_CLASSES), clean)
    return x, clean, noisy


def run(epochs=30, lr=0.2, label_lr=50.0):
    x, clean, noisy = make_data(jax.random.key(0))
    params = net.init(jax.random.key(1), x.shape[1], NUM_CLASSES)
    label_logits = init_label_logits(noisy, NUM_CLASSES)
    for _ in range(epochs):
        g_params, g_labels = grad_both(params, label_logits, x, noisy)
        params = jax.tree.map(lambda p, g: p - lr * g, params, g_params)
        label_logits = label_logits - label_lr * g_labels
    corrected = jnp.argmax(label_logits, axis=1)
    return float(jnp.mean(corrected == clean)), float(jnp.mean(noisy == clean))


def main():
    corrected, given = run()
    print(f"label accuracy: given {given:.3f}, corrected {corrected:.3f}")


if __name__ == "__main__":
    main()
