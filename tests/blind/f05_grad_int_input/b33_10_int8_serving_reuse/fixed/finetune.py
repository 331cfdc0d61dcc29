"""Nightly fine-tuning on fresh labels, starting from what production serves."""
import jax
import jax.numpy as jnp

from serving import load_float_params, predict


def xent(params, x, labels):
    logp = jax.nn.log_softmax(predict(params, x))
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def finetune(steps=20, lr=0.1):
    k1, k2 = jax.random.split(jax.random.key(0))
    x = jax.random.normal(k1, (64, 4))
    labels = jnp.argmax(x[:, :3], axis=1)
    params = load_float_params()
    for _ in range(steps):
        grads = jax.grad(xent)(params, x, labels)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return float(xent(params, x, labels))


def main():
    print(f"loss after fine-tuning {finetune():.4f}")


if __name__ == "__main__":
    main()
