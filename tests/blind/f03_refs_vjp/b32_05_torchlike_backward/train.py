"""Linear regression, week 4 lab: ported from the PyTorch training loop."""
import jax
import jax.numpy as jnp

from model import Linear
from optim import backward, sgd_step

EPOCHS = 20
LR = 0.1


def main():
    kx, kw, km = jax.random.split(jax.random.key(0), 3)
    X = jax.random.normal(kx, (64, 3))
    true_w = jnp.array([[2.0], [-1.0], [0.5]])
    y = X @ true_w + 0.3
    model = Linear(km, 3, 1)

    def loss_fn(params, X, y):
        return jnp.mean((model(params, X) - y) ** 2)

    for epoch in range(EPOCHS):
        loss, grads = backward(loss_fn, model.parameters(), X, y)
        sgd_step(model.parameters(), grads, LR)
        if epoch % 5 == 0:
            print(f"epoch {epoch:2d} loss {float(loss):.4f}")
    return model.weight[...]


if __name__ == "__main__":
    main()
