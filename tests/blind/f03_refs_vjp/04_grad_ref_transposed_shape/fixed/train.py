import jax
import jax.numpy as jnp

from encoder import TiedAutoencoder


def train(ae, enc_ref, batch, steps=3, lr=0.5):
    for _ in range(steps):
        loss, pullback = jax.vjp(ae.reconstruction_loss, enc_ref, batch)
        grad_ref = jax.new_ref(jnp.zeros((ae.n_visible, ae.n_hidden)))
        pullback.with_refs(grad_ref, jax.ad.DontWant())(jnp.ones_like(loss))
        enc_ref[...] -= lr * grad_ref[...]
    return float(loss)


def main():
    ae = TiedAutoencoder(6, 2)
    enc_ref = jax.new_ref(0.3 * jax.random.normal(jax.random.key(0), (6, 2)))
    batch = jax.random.normal(jax.random.key(1), (16, 6))
    loss = train(ae, enc_ref, batch)
    print("loss", loss)
    return loss


if __name__ == "__main__":
    main()
