"""Fashion-MNIST-style training loop on synthetic 8x8 images."""
import jax
import jax.numpy as jnp

from layers import init_mlp
from objective import classification_loss


@jax.jit
def train_step(params, bn_stats, images, labels, lr=0.1):
    (loss, (logits, bn_stats)), grads = jax.value_and_grad(
        classification_loss, has_aux=True
    )(params, bn_stats, images, labels)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    return params, bn_stats, loss, acc


def make_data(key, n=128, n_classes=4):
    k1, k2 = jax.random.split(key)
    labels = jax.random.randint(k1, (n,), 0, n_classes)
    protos = jax.random.normal(jax.random.key(99), (n_classes, 64))
    images = protos[labels] + 0.8 * jax.random.normal(k2, (n, 64))
    return images, labels


def main():
    params, bn_stats = init_mlp(jax.random.key(0), [64, 32, 4])
    images, labels = make_data(jax.random.key(1))
    for epoch in range(4):
        params, bn_stats, loss, acc = train_step(params, bn_stats, images, labels)
        print(f"epoch {epoch}: loss {float(loss):.3f} acc {float(acc):.3f}")
    return bn_stats


if __name__ == "__main__":
    main()
