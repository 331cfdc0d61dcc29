"""Linear VAE trained with a jitted step; the objective comes from the registry."""
import jax
import jax.numpy as jnp

from losses import LOSSES

RUN = {"objective": "beta_elbo", "d_x": 10, "d_z": 2, "lr": 1e-2}


def init(key):
    k1, k2 = jax.random.split(key)
    return {
        "enc": jax.random.normal(k1, (RUN["d_x"], 2 * RUN["d_z"])) * 0.1,
        "dec": jax.random.normal(k2, (RUN["d_z"], RUN["d_x"])) * 0.1,
    }


def forward(params, x, key, objective):
    h = x @ params["enc"]
    mu, log_var = h[:, : RUN["d_z"]], h[:, RUN["d_z"]:]
    z = mu + jnp.exp(0.5 * log_var) * jax.random.normal(key, mu.shape)
    recon = z @ params["dec"]
    return objective(recon, x, mu, log_var)


@jax.jit
def train_step(params, x, key):
    objective = LOSSES[RUN["objective"]]
    (loss, parts), grads = jax.value_and_grad(forward, has_aux=True)(params, x, key, objective)
    params = jax.tree.map(lambda p, g: p - RUN["lr"] * g, params, grads)
    return params, loss, parts


def main():
    key = jax.random.PRNGKey(0)
    params = init(key)
    x = jax.random.normal(key, (64, RUN["d_x"]))
    for i in range(3):
        key, sub = jax.random.split(key)
        params, loss, parts = train_step(params, x, sub)
    print("loss", loss, parts)


if __name__ == "__main__":
    main()
