"""Manual two-stage backward pass, as done when stages live on different devices."""

import jax
import jax.numpy as jnp

from stages import DecoderStage, EncoderStage

ENC, DEC = EncoderStage(), DecoderStage()


def train_step(enc_params, dec_params, x, key, lr=0.05):
    (mu, log_sigma), enc_vjp = jax.vjp(ENC.forward, enc_params, x)
    eps = jax.random.normal(key, mu.shape)
    loss, (g_dec, g_mu, g_ls) = jax.value_and_grad(DEC.loss, argnums=(0, 1, 2))(dec_params, mu, log_sigma, eps, x)
    g_enc, _ = enc_vjp(g_mu, g_ls)
    enc_params = jax.tree.map(lambda p, g: p - lr * g, enc_params, g_enc)
    dec_params = jax.tree.map(lambda p, g: p - lr * g, dec_params, g_dec)
    return enc_params, dec_params, loss


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), (64, 6))
    enc = ENC.init(jax.random.PRNGKey(1), 6, 2)
    dec = DEC.init(jax.random.PRNGKey(2), 2, 6)
    for key in jax.random.split(jax.random.PRNGKey(3), 20):
        enc, dec, loss = train_step(enc, dec, x, key)
    print(f"elbo loss {float(loss):.3f}")
    return float(loss)


if __name__ == "__main__":
    main()
