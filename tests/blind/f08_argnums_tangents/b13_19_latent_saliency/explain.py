import jax
import jax.numpy as jnp

from vae.encoder import init
from vae.saliency import latent_saliency


def main(dim=2):
    params = init(jax.random.key(0))
    patches = jax.random.uniform(jax.random.key(1), (10, 64))
    maps = latent_saliency(params, patches, dim)
    peak = jnp.unravel_index(jnp.argmax(maps.mean(0)), (8, 8))
    print("saliency maps", maps.shape, "most influential pixel", tuple(int(i) for i in peak))
    return maps


if __name__ == "__main__":
    main()
