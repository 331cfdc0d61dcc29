"""Train a linear softmax classifier on 4 Gaussian clusters (lab 5)."""
import jax
import jax.numpy as jnp

from losses import nll_loss

N_CLASSES, N_FEATURES = 4, 5
LR = 0.5
EPOCHS = 5


@jax.jit
def train_step(params, x, labels):
    grads = jax.grad(nll_loss)(params, x, labels)
    return {k: params[k] - LR * grads[k] for k in params}


def main():
    kc, kx = jax.random.split(jax.random.key(11))
    centers = 2.0 * jax.random.normal(kc, (N_CLASSES, N_FEATURES))
    labels = jnp.arange(200) % N_CLASSES
    x = centers[labels] + jax.random.normal(kx, (200, N_FEATURES))
    params = {"W": jnp.zeros((N_FEATURES, N_CLASSES)), "b": jnp.zeros(N_CLASSES)}
    for epoch in range(EPOCHS):
        print("epoch", epoch)
        params = train_step(params, x, labels)
    return nll_loss(params, x, labels)


if __name__ == "__main__":
    main()
