"""Two-view encoder trained with InfoNCE; jitted update step."""
import jax
import jax.numpy as jnp

from objectives import info_nce

HPARAMS = dict(d_in=12, d_emb=8, temperature=0.1, lr=0.05)


def init(key):
    return {"proj": jax.random.normal(key, (HPARAMS["d_in"], HPARAMS["d_emb"])) / 4.0}


def objective(params, view_a, view_b):
    z_a = view_a @ params["proj"]
    z_b = view_b @ params["proj"]
    return info_nce(z_a, z_b, HPARAMS["temperature"])


@jax.jit
def update(params, view_a, view_b):
    grads, metrics = jax.grad(objective, has_aux=True)(params, view_a, view_b)
    params = jax.tree.map(lambda p, g: p - HPARAMS["lr"] * g, params, grads)
    return params, metrics


def main():
    key = jax.random.PRNGKey(0)
    params = init(key)
    for i in range(5):
        key, k1, k2 = jax.random.split(key, 3)
        base = jax.random.normal(k1, (32, HPARAMS["d_in"]))
        view_a = base + 0.1 * jax.random.normal(k2, base.shape)
        view_b = base - 0.1 * jax.random.normal(k2, base.shape)
        params, metrics = update(params, view_a, view_b)
    print("acc", metrics["acc"])


if __name__ == "__main__":
    main()
