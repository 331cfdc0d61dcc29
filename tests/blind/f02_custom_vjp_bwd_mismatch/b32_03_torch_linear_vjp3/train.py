"""Softmax regression on synthetic 4-feature data, first JAX port of train_torch.py."""
import jax
import jax.numpy as jnp

from torch_compat import init_linear, linear

jax.config.update("jax_custom_vjp3", True)  # copied from the JAX tips notebook

IN_FEATURES, N_CLASSES = 4, 3
LR = 0.5


def cross_entropy(params, x, labels):
    w, b = params
    logits = linear(x, w, b)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


@jax.jit
def train_step(params, x, labels):
    loss, grads = jax.value_and_grad(cross_entropy)(params, x, labels)
    params = jax.tree.map(lambda p, g: p - LR * g, params, grads)
    return params, loss


def main():
    kx, kp = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (64, IN_FEATURES))
    labels = jnp.argmax(x[:, :N_CLASSES], axis=1)
    params = init_linear(kp, IN_FEATURES, N_CLASSES)
    for epoch in range(10):
        params, loss = train_step(params, x, labels)
        print("epoch", epoch, "loss", float(loss))
    return loss


if __name__ == "__main__":
    main()
