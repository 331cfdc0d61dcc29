"""Train a tiny VQ-VAE on random 2-D blobs with plain jax.grad."""
import jax
import jax.numpy as jnp

from vq import quantize

SETTINGS = dict(data_dim=8, latent_dim=4, n_codes=16, beta=0.25, lr=0.1, steps=3)


def init(key, s):
    ke, kd, kc = jax.random.split(key, 3)
    return {
        "enc": jax.random.normal(ke, (s["data_dim"], s["latent_dim"])) * 0.3,
        "dec": jax.random.normal(kd, (s["latent_dim"], s["data_dim"])) * 0.3,
        "codebook": jax.random.normal(kc, (s["n_codes"], s["latent_dim"])),
    }


def vqvae_loss(params, x):
    z = x @ params["enc"]
    zq = quantize(z, params["codebook"])
    recon = zq @ params["dec"]
    rec_loss = jnp.mean((recon - x) ** 2)
    codebook_loss = jnp.mean((jax.lax.stop_gradient(z) - zq) ** 2)
    commit_loss = jnp.mean((z - jax.lax.stop_gradient(zq)) ** 2)
    return rec_loss + codebook_loss + SETTINGS["beta"] * commit_loss


def main():
    params = init(jax.random.key(1), SETTINGS)
    x = jax.random.normal(jax.random.key(2), (64, SETTINGS["data_dim"]))
    grad_fn = jax.grad(vqvae_loss)
    for step in range(SETTINGS["steps"]):
        grads = grad_fn(params, x)
        params = jax.tree.map(lambda p, g: p - SETTINGS["lr"] * g, params, grads)
        print(step, float(vqvae_loss(params, x)))
    return params


if __name__ == "__main__":
    main()
