"""Train a linear softmax model with forward gradients only (no backprop)."""
import jax
import jax.numpy as jnp

from fwdgrad.estimator import forward_gradient


def loss_fn(params, x, labels):
    logp = jax.nn.log_softmax(x @ params["w"] + params["b"])
    return -jnp.mean(logp[jnp.arange(x.shape[0]), labels])


def train(steps=30, lr=0.05):
    kx, kp = jax.random.split(jax.random.key(0))
    x = jax.random.normal(kx, (64, 4))
    labels = (x[:, 0] > 0).astype(jnp.int32) + (x[:, 1] > 0).astype(jnp.int32)
    params = {"w": jnp.zeros((4, 3)), "b": jnp.zeros(3)}
    for key in jax.random.split(kp, steps):
        loss, g = forward_gradient(loss_fn, params, key, x, labels)
        params = jax.tree.map(lambda p, d: p - lr * d, params, g)
    return loss


def main():
    print("loss", float(train()))


if __name__ == "__main__":
    main()
