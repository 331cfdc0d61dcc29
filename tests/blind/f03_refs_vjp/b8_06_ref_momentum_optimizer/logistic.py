"""Logistic regression trained with the in-place momentum optimizer."""
import jax
import jax.numpy as jnp

from optim import RefMomentum


def bce(w_ref, b_ref, *, x, y):
    z = x @ w_ref[...] + b_ref[...]
    return jnp.mean(jax.nn.softplus(z) - y * z)


def train(epochs=3):
    x = jax.random.normal(jax.random.PRNGKey(3), (50, 3))
    y = (x @ jnp.array([1.0, -2.0, 0.5]) > 0).astype(jnp.float32)
    w, b = jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(()))
    opt = RefMomentum([w, b], lr=0.2)
    losses = [opt.step(bce, x=x, y=y) for _ in range(epochs)]
    return losses, w[...]


def main():
    losses, w = train()
    print("losses", [float(l) for l in losses], "w", w)


if __name__ == "__main__":
    main()
